import type { Event } from '../../shared/event-store/events.js';

export interface QuizAnswer {
  question: string;
  answer: string;
}

/**
 * A visitor finished the quiz; `recommendedApp` is the slug of the app we recommended (null: the default),
 * `matchScore` the recommender's score for it (null: nothing to recommend; absent on older results),
 * `sessionId` the analytics session it was taken in (null: the client sent none; absent on older results).
 */
export type QuizCompleted = Event<
  'QuizCompleted',
  {
    quizResultId: string;
    email: string;
    answers: QuizAnswer[];
    recommendedApp: string | null;
    matchScore?: number | null;
    sessionId?: string | null;
  }
>;

export const quizStream = (id: string) => `quiz-${id}`;

/** What the recommender scores an app of the visitor's area; each keyword of their pain the app mentions adds one. */
export const QUIZ_AREA_SCORE = 100;

/**
 * A pick scoring below this is a weak match: no app of the visitor's area also speaks to what slows them down,
 * so the catalogue has no good tool for those answers. Weak matches are a demand signal (the admin's Demand tab).
 */
export const WEAK_MATCH_BELOW = QUIZ_AREA_SCORE + 1;

export const isWeakMatch = (score: number) => score < WEAK_MATCH_BELOW;
