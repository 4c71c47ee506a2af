import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/:code: a referral code's clicks, friends who joined through it (conversions), and the
// referrer's revenue share (0 until there are paying customers).
export function referralKey(code: string): string {
  return `/referrals/${encodeURIComponent(code)}`;
}

export interface ReferralStats {
  code: string;
  clicks: number;
  conversions: number;
  revenue_earned: number;
}

export function useReferral(code: string) {
  return useSWR<ReferralStats, ApiError>(referralKey(code));
}
