/**
 * The catalogue's fixed values, without zod, so that the SPA's bundle takes only them: an app's development
 * statuses and the standard categories.
 */
export const DEVELOPMENT_STATUSES = ['concept', 'prototype', 'beta', 'launched'] as const;
export type DevelopmentStatus = (typeof DEVELOPMENT_STATUSES)[number];

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

/**
 * An import (POST /api/admin/apps/import): a dry run plans a whole file in one request (the preview); the
 * import itself goes in requests of at most this many rows, so that each answers quickly and a large
 * file shows its progress.
 */
export const IMPORT_ROWS_PER_REQUEST = 100;
/** The most rows one dry run plans (a file of a few thousand apps still fits the route's 2 MB body). */
export const IMPORT_MAX_ROWS = 5000;
