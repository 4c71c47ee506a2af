/**
 * The quiz's shape and fixed texts (spec §4, §8, §9), without zod. The API makes each question (one a
 * step, adapted to the answers so far and the page) and starts from the fallback question; the SPA shows
 * the fallback question when a question cannot be loaded, so the quiz reads the same either way.
 */

/** Four questions after the e-mail. */
export const QUIZ_STEPS = 4;

export interface QuizOption {
  text: string;
  /** What the recommender reads; the wording may change (an LLM may reword it), the value does not. */
  value: string;
}

export interface QuizQuestion {
  question: string;
  options: QuizOption[];
}

/** Spec §8: the first question, and the one used when questions cannot be made or loaded: manual work, collaboration, data management, time. */
export const FALLBACK_QUESTION: QuizQuestion = {
  question: 'What slows your team down the most?',
  options: [
    { text: 'Manual work and data entry', value: 'manual_work' },
    { text: 'Collaborating on shared files', value: 'collaboration' },
    { text: 'Keeping data organised and accurate', value: 'data_management' },
    { text: 'Tasks that take too much time', value: 'time' },
  ],
};
