import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

// GET /api/early-access/status: how many of the 100 Early Explorer spots are taken, and so which mode the
// lead dialog is in (wait-list once leadCount reaches the cap).
export const earlyAccessStatusKey = '/early-access/status';

export interface EarlyAccessStatus {
  leadCount: number;
  cap: number;
  spotsRemaining: number;
  mode: 'early-explorers' | 'waitlist';
}

/** Fetches only while `enabled`: the dialog asks when it opens, not on every page load. */
export function useEarlyAccessStatus(enabled = true) {
  return useSWR<EarlyAccessStatus, ApiError>(enabled ? earlyAccessStatusKey : null);
}
