import { apiPost } from '../../../lib/api-client';
import type { JoinWaitlistResult } from './join-waitlist';

// POST /api/quiz-results: the server recommends an app for the four answers, keeps the result, and puts the
// address on the list with source 'quiz' (an address already there keeps its place).
export interface QuizAnswer {
  question: string;
  /** The chosen option's value. */
  answer: string;
}

export interface QuizOutcome {
  id: string;
  recommendedApp: { slug: string; name: string; description: string; category: string } | null;
  reason: string | null;
  lead: JoinWaitlistResult;
}

export function submitQuiz(input: {
  email: string;
  answers: QuizAnswer[];
  ref?: string | undefined;
  /** The honeypot, only when a bot filled it. */
  website?: string | undefined;
}): Promise<QuizOutcome> {
  return apiPost<QuizOutcome>('/quiz-results', { ...input, email: input.email.trim() });
}
