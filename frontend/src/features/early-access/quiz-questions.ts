/**
 * The quiz's constants on the client (spec §4, §8). The questions themselves come from the server, one at a
 * time, adapted to the answers so far and the page (api/get-quiz-question.ts); the fallback question (the
 * API's first question, contracts/early-access/quiz.ts) and the default result are what the quiz shows when
 * that fails.
 */
export { FALLBACK_QUESTION, QUIZ_STEPS, type QuizQuestion } from '../../../../contracts/early-access/quiz';

/** Spec §8: the result shown when no recommendation can be had. */
export const DEFAULT_RESULT = {
  name: 'AI Business Assistant',
  description: 'A general AI assistant that takes the busywork out of your spreadsheets: entry, reminders and reports.',
};
