/**
 * The catalogue's fixed values, without zod, so that the SPA's bundle takes only them: an app's development
 * statuses and the standard categories.
 */
export const DEVELOPMENT_STATUSES = ['concept', 'prototype', 'beta', 'launched'] as const;
export type DevelopmentStatus = (typeof DEVELOPMENT_STATUSES)[number];

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
