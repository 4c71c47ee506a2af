/**
 * E-mail checks shared by every visitor form (newsletter, lead, suggestion, quick question), with the
 * spec's toast texts. Deliberately loose: the server is the judge, this only catches obvious typos fast.
 */

// Something, an @, something, a dot, something; no spaces. Browsers and servers accept far more exotic forms.
// Kept in step with the server (backend/src/shared/validation/email.ts): the simple something@something.something
// pattern, without the characters no unquoted address contains.
export const EMAIL_PATTERN = /^[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+@[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+\.[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+$/;

export interface ValidationMessage {
  title: string;
  description: string;
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The toast to show for `email`, or null when it may be sent. */
export function validateEmail(email: string): ValidationMessage | null {
  if (email.trim() === '') return { title: 'Email required', description: 'Please enter your email address.' };
  if (!isValidEmail(email)) return { title: 'Invalid email', description: 'Please enter a valid email address.' };
  return null;
}
