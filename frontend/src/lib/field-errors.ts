/**
 * A refusal's `fields` (the API's `{ code, message, fields? }` answer to bad input) mapped to the fields a form
 * shows, and the toast that says what is wrong: in the spec's words where the spec has them (§5, §8: 'Invalid
 * email' / 'Please enter a valid email address.'), otherwise the field's name and the server's message. Pure,
 * so every form's mapping is the one tested in field-errors.spec.ts.
 */
import { EMAIL_INVALID, EMAIL_REQUIRED } from '../../../contracts/email';
import { MISSING_INQUIRY, MISSING_QUESTION, MISSING_SUGGESTION } from '../../../contracts/feedback/fields';
import { ApiError } from './api-client';

/** The fields a form shows, by the name the API gives each, with the label the visitor reads. */
export type FormFields = Readonly<Record<string, string>>;

/** The spec's toast titles for the messages the API shares with it. */
const SPEC_TITLES: Readonly<Record<string, string>> = {
  [EMAIL_REQUIRED]: 'Email required',
  [EMAIL_INVALID]: 'Invalid email',
  [MISSING_SUGGESTION]: 'Missing information',
  [MISSING_QUESTION]: 'Missing information',
  [MISSING_INQUIRY]: 'Missing Information',
};

export interface FieldRefusal {
  /** Each message by the form's field it is about (a message about an item, 'faq_items.0', goes to its field). */
  fieldErrors: Record<string, string>;
  toast: { title: string; description: string };
}

/**
 * The messages of a refusal (a 4xx answer with `fields`) about the form's own fields, and its toast (the first
 * field the form shows, in the form's order); null when the failure names none of them (a network failure, a
 * server error, a refusal of a field the visitor does not see), which the form reports in its own words.
 */
export function fieldRefusal(error: unknown, fields: FormFields): FieldRefusal | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.fields) return null;
  const fieldErrors: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.split('.')[0]!;
    if (field in fields) fieldErrors[field] ??= message;
  }
  const first = Object.keys(fields).find((field) => field in fieldErrors);
  if (!first) return null;
  const message = fieldErrors[first]!;
  return { fieldErrors, toast: { title: SPEC_TITLES[message] ?? `Please check the ${fields[first]} field`, description: message } };
}
