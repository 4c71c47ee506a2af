import type { Event } from '../../shared/event-store/events.js';

export interface QuizAnswer {
  question: string;
  answer: string;
}

/** A visitor finished the quiz; `recommendedApp` is the slug of the app we recommended (null: the default). */
export type QuizCompleted = Event<
  'QuizCompleted',
  { quizResultId: string; email: string; answers: QuizAnswer[]; recommendedApp: string | null }
>;

export const quizStream = (id: string) => `quiz-${id}`;
