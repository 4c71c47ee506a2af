/**
 * The admin's Demand tab (GET /api/admin/analytics/demand): what visitors wanted and did not find, for a range
 * of UTC days, and the admin's decisions on it. Types for both sides, and the decisions' input schemas.
 */
import { z } from 'zod';

export const DEMAND_STATUSES = ['open', 'planned', 'built', 'ignored'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];

/** Similar searches and suggestions, grouped (docs/demand-signals.md). */
export interface DemandNeed {
  /** The group's smallest core: stable while the group keeps it. */
  key: string;
  /** The most frequent wording. */
  label: string;
  status: DemandStatus;
  /** The app that now serves the need (status 'built'). */
  appSlug: string | null;
  /** Searches in the range whose results the visitor opened none of (zero-result ones included). */
  searches: number;
  zeroResultSearches: number;
  suggestions: number;
  /** Distinct sessions (a suggestion not made from a search counts as its own visitor). */
  visitors: number;
  /** Searches plus suggestions in the period of the same length just before. */
  previous: number;
  /** Percent change of searches plus suggestions against `previous`; null when there were none before. */
  change: number | null;
  /** Suggestions' categories, most frequent first. */
  categories: { name: string; count: number }[];
  /** The most frequent wordings, with the core each stands for (what a split takes). */
  samples: { wording: string; core: string; count: number }[];
  /** Every core of the group (what a mark or a merge takes). */
  cores: string[];
}

export interface WeakQuizMatch {
  /** The quiz's answers (option values), in step order. */
  answers: string[];
  count: number;
  recommendedApps: string[];
}

export interface DeadEnds {
  /** `/app/<slug>` and `/c/<slug>` paths that do not exist, asked for by visitors (not bots). */
  missingPages: { path: string; hits: number }[];
  /** Categories with fewer than two tools whose page visitors opened. */
  thinCategories: { slug: string; name: string; tools: number; visits: number }[];
}

export interface DemandReport {
  from: string;
  to: string;
  /** The period the trend compares with: as many days, just before `from`. */
  previousFrom: string;
  previousTo: string;
  needs: DemandNeed[];
  weakQuizMatches: WeakQuizMatch[];
  deadEnds: DeadEnds;
}

const core = z.string({ error: 'Must be a wording.' }).trim().min(1, 'Must not be empty.').max(200, 'At most 200 characters.');

export const mergeNeedsInput = z.strictObject({ a: core, b: core }).refine((input) => input.a !== input.b, {
  path: ['b'],
  message: 'Choose two different groups.',
});

export const splitWordingInput = z.strictObject({ core });

export const markNeedInput = z
  .strictObject({
    cores: z.array(core, { error: 'Must be a list of wordings.' }).min(1, 'Name at least one wording.').max(1000, 'At most 1000 wordings.'),
    label: z.string({ error: 'Must be text.' }).trim().min(1, 'Must not be empty.').max(200, 'At most 200 characters.'),
    status: z.enum(DEMAND_STATUSES, { error: 'Must be open, planned, built or ignored.' }),
    appSlug: z.string({ error: 'Must be an app slug.' }).trim().min(1).max(200).nullish(),
  })
  .refine((input) => input.status !== 'built' || !!input.appSlug, { path: ['appSlug'], message: 'Choose the app that now serves it.' });
