/**
 * The quiz's four questions, without zod: the API asks them (backend quiz/questions.ts ranks the areas from the
 * live catalogue) and the SPA asks the same ones when a question cannot be loaded, so the quiz reads the same
 * either way and its answers are values the recommender reads: 1. one of the spec's four themes (§8: manual
 * work, collaboration, data management, time), 2. an area (a category slug), 3. today's tool, 4. the team's
 * size. Steps 2 to 4 are worded for the theme chosen first.
 */
import { FALLBACK_QUESTION, QUIZ_STEPS, type QuizQuestion } from './quiz.js';

/** The spec's four themes, the first question's option values. */
export const QUIZ_THEMES = ['manual_work', 'collaboration', 'data_management', 'time'] as const;
export type QuizTheme = (typeof QUIZ_THEMES)[number];

export interface QuizArea {
  name: string;
  slug: string;
}

const AREA_QUESTION: Record<QuizTheme, string> = {
  manual_work: 'Where does the most manual work pile up?',
  collaboration: 'Which team shares the most spreadsheets?',
  data_management: 'Which records are hardest to keep accurate?',
  time: 'Where does most of the time go?',
};

const TODAY_OPTIONS: Record<QuizTheme, [string, string, string, string]> = {
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

const TEAM_QUESTION: Record<QuizTheme, string> = {
  manual_work: 'How many people do that work?',
  collaboration: 'How many people need the same, current data?',
  data_management: 'How many people rely on those records?',
  time: 'How many people lose time to it?',
};

/** The theme of the answers so far (their first), or null before it is chosen or when it is none of the four. */
export function quizThemeOf(answers: readonly string[]): QuizTheme | null {
  return QUIZ_THEMES.find((theme) => theme === answers[0]) ?? null;
}

/**
 * The question of `step` (0 to 3) for the answers before it. `areas` are the areas offered at step 1, in
 * order, and name the area chosen at step 2; `appName` words the first question for the app page it is on.
 */
export function quizQuestion(
  step: number,
  answers: readonly string[],
  areas: readonly QuizArea[],
  appName: string | null = null,
): QuizQuestion {
  const theme = quizThemeOf(answers);
  switch (step) {
    case 0:
      return appName
        ? { ...FALLBACK_QUESTION, question: `What slows your team down the most, in work like ${appName}'s?` }
        : FALLBACK_QUESTION;
    case 1:
      return {
        question: theme ? AREA_QUESTION[theme] : 'Which part of the business needs it most?',
        options: areas.map((area) => ({ text: area.name, value: area.slug })),
      };
    case 2: {
      const area = areas.find((candidate) => candidate.slug === answers[1])?.name.toLowerCase();
      const texts = TODAY_OPTIONS[theme ?? 'data_management'];
      return {
        question: area ? `How do you handle ${area} today?` : 'How do you handle it today?',
        options: TODAY_VALUES.map((value, i) => ({ text: texts[i]!, value })),
      };
    }
    case QUIZ_STEPS - 1:
      return {
        question: theme ? TEAM_QUESTION[theme] : 'How many people would use it?',
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

/** The category a page is about (`/c/finance` is finance), which the areas offer first. */
export function pageAreaOf(currentPage: string | null | undefined): string | null {
  return /^\/c\/([^/?#]+)/.exec(currentPage ?? '')?.[1] ?? null;
}
