/**
 * The feedback dialogs' own checks and toast texts (spec §5). Features do not import each other, so the
 * e-mail pattern is repeated here rather than taken from early-access.
 */

// MUST stay in step with EMAIL_PATTERN in features/early-access/validation.ts (and so with the server,
// backend/src/shared/validation/email.ts): something@something.something, no spaces or characters no
// unquoted address contains.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export interface ValidationMessage {
  title: string;
  description: string;
}

export const INVALID_EMAIL: ValidationMessage = {
  title: 'Invalid email',
  description: 'Please enter a valid email address.',
};

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Suggestion and quick-question messages: at most this many characters, with a live counter. */
export const MESSAGE_MAX_LENGTH = 500;
