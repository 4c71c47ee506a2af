/** The fixed list a suggestion's optional category comes from (spec §5); the server accepts exactly these. */
export const SUGGESTION_CATEGORIES = [
  'Productivity',
  'Marketing',
  'Sales',
  'Analytics',
  'Customer Support',
  'Finance',
  'HR & Recruiting',
  'Other',
] as const;

export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

export function isSuggestionCategory(value: string | undefined): value is SuggestionCategory {
  return (SUGGESTION_CATEGORIES as readonly string[]).includes(value ?? '');
}
