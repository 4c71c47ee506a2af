/**
 * Feedback's fixed values, without zod: the visitor message forms' rules and messages (spec §5, §8), which
 * the SPA checks before sending and the API builds its schemas from, and the admin's triage statuses.
 */
import { STANDARD_CATEGORIES, type StandardCategory } from '../catalogue/fields.js';

/** A suggestion's and a quick question's text: at most this many characters, with a live counter. */
export const MESSAGE_MAX_LENGTH = 500;

/** What a form answers when a required field is empty (after trimming). */
export const MISSING_SUGGESTION = 'Please fill in both email and suggestion fields.';
export const MISSING_QUESTION = 'Please fill in all fields.';
export const MISSING_INQUIRY = 'Please fill in all required fields.';

/** A suggestion's optional category is one of the catalogue's fixed list; the API accepts exactly these. */
export const SUGGESTION_CATEGORIES = STANDARD_CATEGORIES;
export type SuggestionCategory = StandardCategory;

export function isSuggestionCategory(value: string | null | undefined): value is SuggestionCategory {
  return (SUGGESTION_CATEGORIES as readonly string[]).includes(value ?? '');
}

/** A suggestion's triage (spec §4): any status from any other. */
export const SUGGESTION_STATUSES = ['new', 'triaged', 'done'] as const;
/** A quick question's or developer inquiry's triage. */
export const MESSAGE_STATUSES = ['unread', 'read', 'replied'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
