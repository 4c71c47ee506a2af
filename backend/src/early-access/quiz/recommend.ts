/**
 * The quiz's recommendation, ours and offline: rank the live catalogue against the four answers and explain
 * the pick in one sentence. Deterministic: the same answers and catalogue always give the same app.
 *
 * Answers arrive in step order as option values: 1. what slows the visitor down (the spec's four themes),
 * 2. the area, as a category slug of the catalogue, 3. how it is handled today, 4. the team's size. The area
 * weighs most; the theme's keywords in an app's name and description break ties between apps of the area.
 */
import { QUIZ_THEMES, type QuizTheme } from '../../../../contracts/early-access/quiz-questions.js';
import { QUIZ_AREA_SCORE } from './quiz.events.js';

export const PAINS = QUIZ_THEMES;
export type Pain = QuizTheme;

export const PAIN_KEYWORDS: Record<Pain, string[]> = {
  manual_work: ['manual', 'entry', 'automat', 'copy', 'chase', 'sort', 'capture', 'draft'],
  collaboration: ['team', 'share', 'shared', 'collaborat', 'staff', 'shift', 'board', 'everyone'],
  data_management: ['track', 'organis', 'organiz', 'data', 'stock', 'inventory', 'record', 'report', 'register'],
  time: ['time', 'hours', 'fast', 'quick', 'minutes', 'schedul', 'remind', 'calendar'],
};

const PAIN_PHRASES: Record<Pain, string> = {
  manual_work: 'takes the manual data entry off your plate',
  collaboration: 'keeps everyone working from the same, current data',
  data_management: 'keeps your data organised and accurate',
  time: 'gives you back the hours the spreadsheet eats',
};

export interface CandidateApp {
  slug: string;
  name: string;
  description: string;
  category: string;
  category_slug: string;
  views: number;
}

export interface Recommendation<A extends CandidateApp = CandidateApp> {
  app: A;
  reason: string;
  /** QUIZ_AREA_SCORE when the app is of the visitor's area, plus one per keyword of their pain it mentions. */
  score: number;
}

export { isWeakMatch, WEAK_MATCH_BELOW } from './quiz.events.js';

/** The best app for these answers, or null when the catalogue is empty (the client shows the spec's default). */
export function recommendApp<A extends CandidateApp>(answers: readonly string[], apps: readonly A[]): Recommendation<A> | null {
  const pain = PAINS.find((p) => p === answers[0]) ?? null;
  const area = answers[1] ?? '';
  const ranked = apps
    .map((app) => ({ app, score: (app.category_slug === area ? QUIZ_AREA_SCORE : 0) + (pain ? keywordHits(app, PAIN_KEYWORDS[pain]) : 0) }))
    .sort((a, b) => b.score - a.score || b.app.views - a.app.views || a.app.name.localeCompare(b.app.name, 'en'));
  const best = ranked[0]?.app;
  if (!best) return null;
  const score = ranked[0]!.score;
  const phrase = pain ? PAIN_PHRASES[pain] : 'replaces the spreadsheet you use today';
  const reason =
    best.category_slug === area
      ? `${best.name} is built for ${best.category} work and ${phrase}.`
      : `${best.name} is the closest match in our catalogue: it ${phrase}.`;
  return { app: best, reason, score };
}

export function keywordHits(app: Pick<CandidateApp, 'name' | 'description'>, keywords: readonly string[]): number {
  const text = `${app.name} ${app.description}`.toLowerCase();
  return keywords.filter((keyword) => text.includes(keyword)).length;
}
