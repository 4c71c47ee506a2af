/**
 * The visitor e-mail rule (spec §5) and its messages, without zod: every form of the SPA checks it before
 * sending (loosely: it catches obvious typos fast), and the API's e-mail schema is built from the same
 * pattern and messages and is the judge.
 */
export const EMAIL_REQUIRED = 'Please enter your email address.';
export const EMAIL_INVALID = 'Please enter a valid email address.';

/** The longest address the API accepts (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The spec's simple pattern (something@something.something), without the characters no unquoted address
 * contains (<>()[]\,;:", spaces, control characters), so markup and similar payloads are refused. The
 * lookahead checks the domain's characters first: the dot is then found in one pass from the end, instead of
 * trying every dot against a tail that fails at its last character (quadratic on `a@.....` followed by a space).
 */
export const EMAIL_PATTERN =
  /^[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+@(?=[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]*$)[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+\.[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+$/;

/** Whether the address, trimmed, has the simple pattern (the API also caps its length). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
