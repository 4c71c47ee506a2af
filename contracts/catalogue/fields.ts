/**
 * The catalogue's fixed values, without zod, so that the SPA's bundle takes only them: an app's development
 * statuses and the standard categories.
 */
export const DEVELOPMENT_STATUSES = ['concept', 'prototype', 'beta', 'launched'] as const;
export type DevelopmentStatus = (typeof DEVELOPMENT_STATUSES)[number];

/** An address from a name: 'HR & Café' is 'hr-and-cafe' (an app's slug by default, every category's slug). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|(?<!-)-+$/g, '')
    .slice(0, 120)
    .replace(/(?<!-)-+$/, '');
}

/** Stages at which there is something a visitor can open (with an app_url). */
export const TRYABLE_STATUSES = ['prototype', 'beta', 'launched'] as const satisfies readonly DevelopmentStatus[];

/**
 * The fixed category list (spec §5): a suggestion's optional category is one of these, and the catalogue
 * always lists them, even when no app is in one yet.
 */
export const STANDARD_CATEGORIES = [
  'Productivity',
  'Marketing',
  'Sales',
  'Analytics',
  'Customer Support',
  'Finance',
  'HR & Recruiting',
  'Other',
] as const;
export type StandardCategory = (typeof STANDARD_CATEGORIES)[number];

const STANDARD_BY_SLUG = new Map<string, StandardCategory>(STANDARD_CATEGORIES.map((name) => [slugify(name), name]));

/**
 * A category as the catalogue keeps it: one of the standard categories in the spec's spelling whatever the
 * case or spacing it came in ('finance', 'OTHER', 'hr and recruiting' are Finance, Other, HR & Recruiting:
 * the same address, so the same category), any other as written, trimmed. Every write path (add, edit,
 * import, seed) and the `apps` projection go through it, so a rebuild gives the same names.
 */
export function canonicalCategory(category: string): string {
  const trimmed = category.trim();
  return STANDARD_BY_SLUG.get(slugify(trimmed)) ?? trimmed;
}

/**
 * An import (POST /api/admin/apps/import): a dry run plans a whole file in one request (the preview); the
 * import itself goes in requests of at most this many rows, so that each answers quickly and a large
 * file shows its progress.
 */
export const IMPORT_ROWS_PER_REQUEST = 100;
/** The most rows one dry run plans (a file of a few thousand apps still fits the route's 2 MB body). */
export const IMPORT_MAX_ROWS = 5000;

/**
 * An app's 'ROI & Business Impact' figures: four rates in whole percent and a projected yearly saving in whole
 * US dollars. An app without its own shows DEFAULT_ROI_FIGURES, the spec's figures (§9).
 */
export interface RoiFigures {
  faster_pct: number;
  fewer_errors_pct: number;
  cost_savings_pct: number;
  roi_pct: number;
  projected_usd: number;
}
export type RoiFigureKey = keyof RoiFigures;

/** Each figure in the page's order: its caption on the app page, its label in the admin's form, its range. */
export const ROI_FIGURES: readonly { key: RoiFigureKey; caption: string; label: string; unit: '%' | '$'; min: number; max: number }[] = [
  { key: 'faster_pct', caption: 'faster', label: 'Faster (%)', unit: '%', min: 1, max: 100 },
  { key: 'fewer_errors_pct', caption: 'less errors', label: 'Fewer errors (%)', unit: '%', min: 1, max: 100 },
  { key: 'cost_savings_pct', caption: 'cost savings', label: 'Cost savings (%)', unit: '%', min: 1, max: 100 },
  { key: 'roi_pct', caption: 'ROI', label: 'ROI (%)', unit: '%', min: 1, max: 1000 },
  { key: 'projected_usd', caption: 'projected', label: 'Projected savings ($ a year)', unit: '$', min: 1, max: 10_000_000 },
];

/** The spec's figures (§9: 45% faster, 30% less errors, 25% cost savings, 40% ROI, $69,000 projected). */
export const DEFAULT_ROI_FIGURES: RoiFigures = {
  faster_pct: 45,
  fewer_errors_pct: 30,
  cost_savings_pct: 25,
  roi_pct: 40,
  projected_usd: 69_000,
};

/** '45%' or '$69,000'. */
export function roiFigureText(unit: '%' | '$', value: number): string {
  return unit === '%' ? `${value}%` : `$${value.toLocaleString('en-US')}`;
}
