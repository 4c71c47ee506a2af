import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/:code: the spec's get_stats for a code (clicks, friends who joined through it, conversions,
// the referrer's revenue share: 0 until there are paying customers) and its reward tiers.
export function referralKey(code: string): string {
  return `/referrals/${encodeURIComponent(code)}`;
}

export interface ReferralStats {
  code: string;
  stats: { total_clicks: number; total_signups: number; total_conversions: number; revenue_lifetime: number };
  rewards: { invites: number; reward: string; unlocked: boolean }[];
}

export function useReferral(code: string) {
  return useSWR<ReferralStats, ApiError>(referralKey(code));
}
