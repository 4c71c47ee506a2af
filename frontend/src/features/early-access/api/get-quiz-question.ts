import type { QuizQuestionAnswer, QuizQuestionRequest } from '../../../../../contracts/early-access/quiz-api';
import { apiPost } from '../../../lib/api-client';

// POST /api/quiz/questions (the spec's generate_question): the next question for the answers so far (their
// option values), the page and the app page the quiz is on. The server may have an LLM reword it.
export function getQuizQuestion(request: QuizQuestionRequest): Promise<QuizQuestionAnswer> {
  return apiPost<QuizQuestionAnswer>('/quiz/questions', request);
}
