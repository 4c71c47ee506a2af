import type { JoinWaitlistRequest, JoinWaitlistResult } from '../../../../../contracts/early-access/waitlist';
import { apiPost } from '../../../lib/api-client';
import { getSessionId } from '../../../lib/analytics/session';
import { useJoinThenRefreshStatus } from './get-status';

// POST /api/leads: join the Early Explorers (or, once the 100 spots are gone, the wait-list); the welcome
// e-mail asks to confirm the address. The same e-mail again from the browser that joined with it gets its
// existing position back (200, alreadyJoined); from any other, the answer is a newcomer's and the address's
// owner is e-mailed their real position and link. The request and the answer are the contract's types only:
// the forms check the address first (validation.ts) and the server checks it again (400 with the field), while
// zod's core would cost the app page's first load several kilobytes of its 150 KB budget
// (frontend/e2e/budget.e2e.ts).

/** The request but the analytics session, which joinWaitlist adds; the honeypot only when a bot filled it. */
export type JoinWaitlistInput = Omit<JoinWaitlistRequest, 'sessionId'>;

export function joinWaitlist(input: JoinWaitlistInput): Promise<JoinWaitlistResult> {
  // The analytics session links the lead to the visits that led to it (the admin's lead timeline). Undefined
  // values (no ref, a blank honeypot) are left out of the JSON.
  const request: JoinWaitlistRequest = {
    email: input.email.trim(),
    source_page: input.source_page?.slice(0, 2048),
    sessionId: getSessionId(),
    ref: input.ref || undefined,
    website: input.website,
  };
  return apiPost<JoinWaitlistResult>('/leads', request);
}

/** joinWaitlist, then refetch the status so every open view shows the spots that are left now. */
export function useJoinWaitlist() {
  return useJoinThenRefreshStatus(joinWaitlist);
}
