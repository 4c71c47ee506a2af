import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import * as z from 'zod/mini';
import { apiPost } from '../../../lib/api-client';
import { getSessionId } from '../../analytics/session';
import { EMAIL_PATTERN } from '../validation';
import { earlyAccessStatusKey } from './get-status';

// POST /api/leads: join the Early Explorers (or, once the 100 spots are gone, the wait-list). The same
// e-mail again gets its existing position back (200, alreadyJoined). Only the zod/mini checks the footer's
// newsletter form already uses: zod's shared core lands in the first-load chunk, and the app page has
// almost no room left in the 150 KB budget (frontend/e2e/budget.e2e.ts).
export const joinWaitlistInput = z.object({
  email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN)),
  /** The path the visitor joined from, for attribution in the admin console. */
  source_page: z.string().check(z.maxLength(2048)),
});

export type JoinWaitlistInput = z.input<typeof joinWaitlistInput> & {
  /** The referral code the visitor arrived with, if any (readReferral checks its form). */
  ref?: string | undefined;
};

export interface JoinWaitlistResult {
  position: number;
  refCode: string;
  spotsLeft: number;
  alreadyJoined: boolean;
}

export function joinWaitlist(input: JoinWaitlistInput): Promise<JoinWaitlistResult> {
  // The analytics session links the lead to the visits that led to it (the admin's lead timeline).
  const body = { ...joinWaitlistInput.parse(input), sessionId: getSessionId() };
  return apiPost<JoinWaitlistResult>('/leads', input.ref ? { ...body, ref: input.ref } : body);
}

/** joinWaitlist, then refetch the status so every open view shows the spots that are left now. */
export function useJoinWaitlist() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: JoinWaitlistInput) => {
      const result = await joinWaitlist(input);
      void mutate(earlyAccessStatusKey);
      return result;
    },
    [mutate],
  );
}
