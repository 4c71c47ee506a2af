import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/:code: how many friends joined through a referral code.
export function referralKey(code: string): string {
  return `/referrals/${encodeURIComponent(code)}`;
}

export interface ReferralStats {
  code: string;
  invites: number;
}

export function useReferral(code: string) {
  return useSWR<ReferralStats, ApiError>(referralKey(code));
}
