import useSWR from 'swr';
import type { ReferralStats } from '../../../../../contracts/early-access/referral';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/:code: the spec's get_stats for a code (clicks, friends who joined through it, conversions,
// the referrer's revenue share: 0 until there are paying customers) and its reward tiers.
export function referralKey(code: string): string {
  return `/referrals/${encodeURIComponent(code)}`;
}

export function useReferral(code: string) {
  return useSWR<ReferralStats, ApiError>(referralKey(code));
}
