import { apiPost } from '../../../lib/api-client';
import type { QuizQuestion } from '../quiz-questions';

// POST /api/quiz/questions (the spec's generate_question): the next question for the answers so far (their
// option values), the page and the app page the quiz is on. The server may have an LLM reword it.
export interface QuizQuestionRequest {
  currentAnswers: string[];
  currentPage: string;
  currentApp?: string | undefined;
}

export function getQuizQuestion(request: QuizQuestionRequest): Promise<QuizQuestion & { step: number }> {
  return apiPost<QuizQuestion & { step: number }>('/quiz/questions', request);
}
