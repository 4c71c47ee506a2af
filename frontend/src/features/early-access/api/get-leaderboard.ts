import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

// GET /api/referrals/leaderboard: the top 8 referrers by friends who joined, addresses masked by the server.
export const leaderboardKey = '/referrals/leaderboard';

export interface LeaderboardEntry {
  masked_email: string;
  invite_count: number;
}

export function useLeaderboard() {
  return useSWR<LeaderboardEntry[], ApiError>(leaderboardKey);
}
