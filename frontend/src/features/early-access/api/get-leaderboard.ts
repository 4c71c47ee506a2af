import useSWR from 'swr';
import type { LeaderboardEntry } from '../../../../../contracts/early-access/referral';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/leaderboard: the top 8 referrers by friends who joined, addresses masked by the server.
export const leaderboardKey = '/referrals/leaderboard';

export function useLeaderboard() {
  return useSWR<LeaderboardEntry[], ApiError>(leaderboardKey);
}
