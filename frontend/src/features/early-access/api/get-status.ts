import useSWR from 'swr';
import type { EarlyAccessStatus } from '../../../../../contracts/early-access/waitlist';
import { earlyAccessStatusKey } from '../../../../../contracts/early-access/keys';
import type { ApiError } from '../../../lib/api-client';

// GET /api/early-access/status: how many of the 100 Early Explorer spots are taken, and so which mode the
// lead dialog is in (wait-list once leadCount reaches the cap). Every page's initial data holds it as it was
// when the page was rendered; the dialog and the VIP list ask again for the figure of the moment.

/** Fetches only while `enabled`: the dialog asks when it opens, not on every page load. */
export function useEarlyAccessStatus(enabled = true) {
  return useSWR<EarlyAccessStatus, ApiError>(enabled ? earlyAccessStatusKey : null);
}
