import type { QuizOutcome, SubmitQuizRequest } from '../../../../../contracts/early-access/quiz-api';
import { apiPost } from '../../../lib/api-client';
import { getSessionId } from '../../../lib/analytics/session';
import { useJoinThenRefreshStatus } from './get-status';

/** The request but the analytics session, which submitQuiz adds. */
export type SubmitQuizInput = Omit<SubmitQuizRequest, 'sessionId'>;

// POST /api/quiz-results: the server recommends an app for the four answers, keeps the result, and puts the
// address on the list with source 'quiz' (an address already there keeps its place). The analytics session
// goes along, as with the join form, so the lead's timeline starts from the visit it joined in. The honeypot
// (website) is sent only when a bot filled it.
export function submitQuiz(input: SubmitQuizInput): Promise<QuizOutcome> {
  const request: SubmitQuizRequest = { ...input, email: input.email.trim(), sessionId: getSessionId() };
  return apiPost<QuizOutcome>('/quiz-results', request);
}

/** submitQuiz, then refetch the status: the quiz put the address on the list, and the page's counts show it. */
export function useSubmitQuiz() {
  return useJoinThenRefreshStatus(submitQuiz);
}
