/**
 * The quiz's questions, ours and offline (spec §7's generate_question): each depends on the answers so far
 * and on the page the visitor is on. The questions are the contract's (contracts/early-access/quiz-questions.ts,
 * which the SPA also asks when it cannot load one); here the areas of step 2 are ranked from the live catalogue.
 * Only the wording and the order of the areas adapt, so the same answers always give the same recommendation.
 */
import type { QuizQuestion } from '../../../../contracts/early-access/quiz.js';
import { pageAreaOf, quizQuestion, quizThemeOf } from '../../../../contracts/early-access/quiz-questions.js';
import { PAIN_KEYWORDS, keywordHits, type CandidateApp, type Pain } from './recommend.js';

export interface QuizCategory {
  name: string;
  slug: string;
  count: number;
}

export interface QuizContext {
  /** The option values chosen so far, in step order. */
  answers: readonly string[];
  /** The path the quiz is on (`/c/finance` puts Finance first). */
  currentPage: string | null;
  /** The app page the quiz is on, if any. */
  currentApp: { name: string; category_slug: string } | null;
  categories: readonly QuizCategory[];
  apps: readonly CandidateApp[];
}

const MAX_AREAS = 8;

export function nextQuestion(step: number, context: QuizContext): QuizQuestion {
  const pain = quizThemeOf(context.answers);
  const areas = step === 1 ? rankAreas(context, pain) : context.categories;
  return quizQuestion(step, context.answers, areas, context.currentApp?.name ?? null);
}

/**
 * The areas to offer: the page's own category first, then those whose apps best answer the theme chosen,
 * then the fuller ones; at most 8.
 */
function rankAreas(context: QuizContext, pain: Pain | null): QuizCategory[] {
  const pageArea = context.currentApp?.category_slug ?? pageAreaOf(context.currentPage);
  const fit = (slug: string) =>
    pain
      ? context.apps.filter((app) => app.category_slug === slug).reduce((sum, app) => sum + keywordHits(app, PAIN_KEYWORDS[pain]), 0)
      : 0;
  return [...context.categories]
    .map((category) => ({ category, page: category.slug === pageArea ? 1 : 0, fit: fit(category.slug) }))
    .sort(
      (a, b) =>
        b.page - a.page || b.fit - a.fit || b.category.count - a.category.count || a.category.name.localeCompare(b.category.name, 'en'),
    )
    .slice(0, MAX_AREAS)
    .map((entry) => entry.category);
}
