/**
 * The quiz's questions, ours and offline (spec §7's generate_question): each depends on the answers so far
 * and on the page the visitor is on. Option values are what the recommender reads (recommend.ts): 1. a
 * theme, 2. a category slug of the live catalogue, 3. today's tool, 4. the team's size; only the wording
 * and the order of the areas adapt, so the same answers always give the same recommendation.
 */
import { FALLBACK_QUESTION, QUIZ_STEPS, type QuizQuestion } from '../../../../contracts/early-access/quiz.js';
import { PAIN_KEYWORDS, PAINS, keywordHits, type CandidateApp, type Pain } from './recommend.js';

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

const AREA_QUESTION: Record<Pain, string> = {
  manual_work: 'Where does the most manual work pile up?',
  collaboration: 'Which team shares the most spreadsheets?',
  data_management: 'Which records are hardest to keep accurate?',
  time: 'Where does most of the time go?',
};

const TODAY_OPTIONS: Record<Pain, [string, string, string, string]> = {
  manual_work: [
    'Typing it into Excel or Google Sheets',
    'Copying from paper, notes and e-mail',
    'A tool that still needs retyping',
    'Nothing yet: it piles up',
  ],
  collaboration: [
    'One shared spreadsheet everyone edits',
    'Files and notes e-mailed back and forth',
    'A tool not everyone uses',
    'Nothing yet: each keeps their own',
  ],
  data_management: [
    'Excel or Google Sheets',
    'Paper, notes and e-mail',
    'A tool that does not quite fit',
    'Nothing yet: it is all over the place',
  ],
  time: ['Excel or Google Sheets', 'Paper, notes and e-mail', 'A tool that is slow to use', 'Nothing yet: it just does not get done'],
};
const TODAY_VALUES = ['spreadsheet', 'paper', 'other_tool', 'nothing'] as const;

const TEAM_QUESTION: Record<Pain, string> = {
  manual_work: 'How many people do that work?',
  collaboration: 'How many people need the same, current data?',
  data_management: 'How many people rely on those records?',
  time: 'How many people lose time to it?',
};

export function nextQuestion(step: number, context: QuizContext): QuizQuestion {
  const pain = PAINS.find((p) => p === context.answers[0]) ?? null;
  switch (step) {
    case 0:
      return context.currentApp
        ? { ...FALLBACK_QUESTION, question: `What slows your team down the most, in work like ${context.currentApp.name}'s?` }
        : FALLBACK_QUESTION;
    case 1:
      return {
        question: pain ? AREA_QUESTION[pain] : 'Which part of the business needs it most?',
        options: rankAreas(context, pain).map((c) => ({ text: c.name, value: c.slug })),
      };
    case 2: {
      const area = context.categories.find((c) => c.slug === context.answers[1])?.name.toLowerCase();
      const texts = TODAY_OPTIONS[pain ?? 'data_management'];
      return {
        question: area ? `How do you handle ${area} today?` : 'How do you handle it today?',
        options: TODAY_VALUES.map((value, i) => ({ text: texts[i]!, value })),
      };
    }
    case QUIZ_STEPS - 1:
      return {
        question: pain ? TEAM_QUESTION[pain] : 'How many people would use it?',
        options: [
          { text: 'Just me', value: 'solo' },
          { text: '2–10 people', value: 'small' },
          { text: '11–50 people', value: 'medium' },
          { text: 'More than 50', value: 'large' },
        ],
      };
    default:
      throw new RangeError(`The quiz has ${QUIZ_STEPS} steps`);
  }
}

/**
 * The areas to offer: the page's own category first, then those whose apps best answer the theme chosen,
 * then the fuller ones; at most 8.
 */
function rankAreas(context: QuizContext, pain: Pain | null): QuizCategory[] {
  const pageArea = context.currentApp?.category_slug ?? /^\/c\/([^/?#]+)/.exec(context.currentPage ?? '')?.[1] ?? null;
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
