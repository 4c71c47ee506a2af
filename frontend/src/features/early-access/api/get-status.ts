import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
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

/**
 * `join` (a form that puts an address on the list), then the status asked again, so that every count and
 * invitation on the page shows the spots taken now.
 */
export function useJoinThenRefreshStatus<Input, Result>(join: (input: Input) => Promise<Result>): (input: Input) => Promise<Result> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: Input) => {
      const result = await join(input);
      void mutate(earlyAccessStatusKey);
      return result;
    },
    [join, mutate],
  );
}
