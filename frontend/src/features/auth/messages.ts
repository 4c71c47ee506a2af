/** What the visitor reads when signing in or up (spec §8): the provider's sentences become the spec's. */
import { UNEXPECTED_ERROR } from '../../../../contracts/errors';
import { EMAIL_NOT_CONFIRMED, INVALID_CREDENTIALS, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../../../contracts/identity/messages';
import { ApiError } from '../../lib/api-client';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

const SIGN_IN_SENTENCES: Record<string, string> = {
  [INVALID_CREDENTIALS]: 'Invalid email or password. Please check your credentials and try again.',
  [EMAIL_NOT_CONFIRMED]: 'Please check your email and click the confirmation link before signing in.',
};

/** Known messages mapped, other server messages shown as they are, anything else the generic sentence. */
export function signInErrorMessage(error: unknown): string {
  return messageOf(error, SIGN_IN_SENTENCES);
}

/** No answer to a sign-up says that an address has an account (that goes to its owner by e-mail): messages as they are. */
export function signUpErrorMessage(error: unknown): string {
  return messageOf(error, {});
}

/**
 * The password forms' message about what none of their fields shows: the server's message for the field
 * named (the link's token: incomplete), or its message, as it is.
 */
export function passwordResetErrorMessage(error: unknown, ...fields: string[]): string {
  const named = error instanceof ApiError ? fields.map((field) => error.fields?.[field]).find(Boolean) : undefined;
  return named ?? messageOf(error, {});
}

function messageOf(error: unknown, sentences: Record<string, string>): string {
  if (!(error instanceof ApiError) || error.status >= 500) return UNEXPECTED_ERROR;
  return sentences[error.message] ?? error.message;
}

/** The client-side checks of the sign-up form, in the spec's order; null when the form may be sent. */
export function signUpProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
