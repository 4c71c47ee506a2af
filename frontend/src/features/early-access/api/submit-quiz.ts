import type { QuizOutcome, SubmitQuizRequest } from '../../../../../contracts/early-access/quiz-api';
import { apiPost } from '../../../lib/api-client';

// POST /api/quiz-results: the server recommends an app for the four answers, keeps the result, and puts the
// address on the list with source 'quiz' (an address already there keeps its place). The honeypot (website) is
// sent only when a bot filled it.
export function submitQuiz(input: SubmitQuizRequest): Promise<QuizOutcome> {
  const request: SubmitQuizRequest = { ...input, email: input.email.trim() };
  return apiPost<QuizOutcome>('/quiz-results', request);
}
