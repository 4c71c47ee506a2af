/**
 * The quiz's questions (spec §4: e-mail, then 4 questions one at a time). Ours and offline: the second
 * question offers the live catalogue's categories, the third names the area chosen in the second. The
 * answers' values are what the server's recommender reads (backend early-access/quiz/recommend.ts):
 * 1. a theme (the spec's fallback question), 2. a category slug, 3. today's tool, 4. the team's size.
 */
import type { QuizAnswer } from './api/submit-quiz';

export const QUIZ_STEPS = 4;

export interface QuizOption {
  text: string;
  value: string;
}

export interface QuizQuestion {
  question: string;
  options: QuizOption[];
}

export interface QuizCategory {
  name: string;
  slug: string;
}

/** Spec §8: the question used when questions cannot be made: manual work, collaboration, data management, time. */
export const FALLBACK_QUESTION: QuizQuestion = {
  question: 'What slows your team down the most?',
  options: [
    { text: 'Manual work and data entry', value: 'manual_work' },
    { text: 'Collaborating on shared files', value: 'collaboration' },
    { text: 'Keeping data organised and accurate', value: 'data_management' },
    { text: 'Tasks that take too much time', value: 'time' },
  ],
};

/** Spec §8: the result shown when no recommendation can be had. */
export const DEFAULT_RESULT = {
  name: 'AI Business Assistant',
  description: 'A general AI assistant that takes the busywork out of your spreadsheets: entry, reminders and reports.',
};

// The suggestion form's fixed list (spec §5), for when the catalogue's categories are not at hand.
const STANDARD_AREAS = ['Productivity', 'Marketing', 'Sales', 'Analytics', 'Customer Support', 'Finance', 'HR & Recruiting', 'Other'];
const MAX_AREAS = 8;

export function questionFor(step: number, answers: readonly QuizAnswer[], categories: readonly QuizCategory[] | undefined): QuizQuestion {
  switch (step) {
    case 0:
      return FALLBACK_QUESTION;
    case 1: {
      const areas = categories?.length
        ? categories.slice(0, MAX_AREAS).map((c) => ({ text: c.name, value: c.slug }))
        : STANDARD_AREAS.map((name) => ({ text: name, value: slugOf(name) }));
      return { question: 'Which part of the business needs it most?', options: areas };
    }
    case 2: {
      const area = answers[1] ? areaName(answers[1].answer, categories) : null;
      return {
        question: area ? `How do you handle ${area} today?` : 'How do you handle it today?',
        options: [
          { text: 'Excel or Google Sheets', value: 'spreadsheet' },
          { text: 'Paper, notes and e-mail', value: 'paper' },
          { text: 'A tool that does not quite fit', value: 'other_tool' },
          { text: 'Nothing yet: it just does not get done', value: 'nothing' },
        ],
      };
    }
    default:
      return {
        question: 'How many people would use it?',
        options: [
          { text: 'Just me', value: 'solo' },
          { text: '2–10 people', value: 'small' },
          { text: '11–50 people', value: 'medium' },
          { text: 'More than 50', value: 'large' },
        ],
      };
  }
}

function areaName(slug: string, categories: readonly QuizCategory[] | undefined): string | null {
  const name = categories?.find((c) => c.slug === slug)?.name ?? STANDARD_AREAS.find((a) => slugOf(a) === slug);
  return name ? name.toLowerCase() : null;
}

// The catalogue's category slug rule for the fixed names: lower case, '&' dropped, spaces to hyphens.
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
