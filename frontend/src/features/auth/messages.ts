/** What the visitor reads when signing in or up (spec §8): the provider's sentences become the spec's. */
import { ApiError } from '../../lib/api-client';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';

const SIGN_IN_SENTENCES: Record<string, string> = {
  'Invalid login credentials': 'Invalid email or password. Please check your credentials and try again.',
  'Email not confirmed': 'Please check your email and click the confirmation link before signing in.',
};

const SIGN_UP_SENTENCES: Record<string, string> = {
  'User already registered': 'This email is already registered. Please sign in instead.',
};

/** Known messages mapped, other server messages shown as they are, anything else the generic sentence. */
export function signInErrorMessage(error: unknown): string {
  return messageOf(error, SIGN_IN_SENTENCES);
}

export function signUpErrorMessage(error: unknown): string {
  return messageOf(error, SIGN_UP_SENTENCES);
}

function messageOf(error: unknown, sentences: Record<string, string>): string {
  if (!(error instanceof ApiError) || error.status >= 500) return UNEXPECTED_ERROR;
  return sentences[error.message] ?? error.message;
}

/** The client-side checks of the sign-up form, in the spec's order; null when the form may be sent. */
export function signUpProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < 6) return PASSWORD_TOO_SHORT;
  return null;
}
