/**
 * What the visitor message forms send (POST /api/suggestions, /api/quick-questions, /api/developer-inquiries):
 * their rules and messages (spec §5, §8), which the API checks and documents; the SPA's request types are
 * their inputs. A required field that is empty after trimming answers with the form's own "missing" sentence.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MISSING_INQUIRY, MISSING_QUESTION, MISSING_SUGGESTION, SUGGESTION_CATEGORIES } from './fields.js';
import { emailSchema, honeypotSchema, sourcePageSchema } from '../form-fields.js';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
const email = (missing: string) => required(missing, 254).pipe(emailSchema);
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .url({ protocol: /^https?$/, error: 'Please enter a full http(s) address.' })
    .max(500)
    .nullish(),
);

export const suggestionInput = z.strictObject({
  email: email(MISSING_SUGGESTION),
  suggestion_text: required(MISSING_SUGGESTION, MESSAGE_MAX_LENGTH),
  category: z.enum(SUGGESTION_CATEGORIES, { error: 'Choose one of the listed categories.' }).nullish(),
  source_page: sourcePageSchema,
  /** The site search with no result whose "Suggest this tool" opened the form. */
  search_id: z.uuid({ version: 'v4', error: 'Must be a search id (uuid).' }).nullish(),
  website: honeypotSchema,
});

export const quickQuestionInput = z.strictObject({
  name: required(MISSING_QUESTION, 100),
  email: email(MISSING_QUESTION),
  message: required(MISSING_QUESTION, MESSAGE_MAX_LENGTH),
  website: honeypotSchema,
});

export const developerInquiryInput = z.strictObject({
  name: required(MISSING_INQUIRY, 100),
  email: email(MISSING_INQUIRY),
  message: required(MISSING_INQUIRY, 5000),
  portfolio_url: optionalUrl,
  linkedin_url: optionalUrl,
  website: honeypotSchema,
});

export type SuggestionInput = z.input<typeof suggestionInput>;
export type QuickQuestionInput = z.input<typeof quickQuestionInput>;
export type DeveloperInquiryInput = z.input<typeof developerInquiryInput>;
