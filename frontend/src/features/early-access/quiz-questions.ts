/**
 * The quiz's constants on the client (spec §4, §8). The questions themselves come from the server, one at a
 * time, adapted to the answers so far and the page (api/get-quiz-question.ts); when one cannot be loaded, the
 * quiz asks the same question offline (fallbackQuestion), so a failing server never asks one question four
 * times. The default result is what the quiz shows when no recommendation can be had.
 */
import { slugify, STANDARD_CATEGORIES } from '../../../../contracts/catalogue/fields';
import { pageAreaOf, quizQuestion, type QuizArea } from '../../../../contracts/early-access/quiz-questions';
import type { QuizQuestion } from '../../../../contracts/early-access/quiz';

export { FALLBACK_QUESTION, QUIZ_STEPS, type QuizQuestion } from '../../../../contracts/early-access/quiz';

/** Spec §8: the result shown when no recommendation can be had. */
export const DEFAULT_RESULT = {
  name: 'AI Business Assistant',
  description: 'A general AI assistant that takes the busywork out of your spreadsheets: entry, reminders and reports.',
};

/** Said when the result could not be saved: the visitor is not on the list, whatever the match shown. */
export const QUIZ_NOT_SAVED = 'Your result was not saved, and you were not added to the early-access list.';
export const QUIZ_RETRY_HINT = 'Your answers are kept: try again in a moment.';

const STANDARD_AREAS: readonly QuizArea[] = STANDARD_CATEGORIES.map((name) => ({ name, slug: slugify(name) }));

/**
 * The question of `step` when the server's cannot be loaded: the spec's fallback question with its four themes
 * first, then the area (the standard categories, the page's own first), today's tool and the team's size, each
 * worded for the theme chosen. The answers stay values the server's recommender reads, so saving the result
 * still finds a match when only the questions failed.
 */
export function fallbackQuestion(step: number, answers: readonly string[], currentPage: string | null): QuizQuestion {
  const pageArea = pageAreaOf(currentPage);
  const areas = [...STANDARD_AREAS].sort((a, b) => Number(b.slug === pageArea) - Number(a.slug === pageArea));
  return quizQuestion(step, answers, areas);
}
