/**
 * The links identity sends by e-mail, made by the e-mail reactor and checked by identity: signed tokens
 * (shared/security/signed-token.ts) whose subject names what they act on.
 */

/** Account confirmation: valid for 24 hours, usable once, and only for the account's latest registration. */
export const CONFIRMATION_TOKEN_PURPOSE = 'confirm-email';
export const CONFIRMATION_TOKEN_TTL_SECONDS = 24 * 3600;
/** The SPA page the link opens; it posts the token to POST /api/auth/confirm. */
export const CONFIRMATION_PAGE = '/auth/confirm';

/** Password reset: valid for 1 hour, usable once; any later change of the password voids it. */
export const PASSWORD_RESET_TOKEN_PURPOSE = 'reset-password';
export const PASSWORD_RESET_TOKEN_TTL_SECONDS = 3600;
/** The SPA page the link opens; it posts the token and the new password to POST /api/auth/reset-password. */
export const PASSWORD_RESET_PAGE = '/auth/reset-password';

/**
 * A confirmation link's subject: the account, and the registration it confirms when the sign-up was renewed
 * (the first registration is the account's own id, so its links name the account alone).
 */
export function confirmationSubject(userId: string, registrationId: string): string {
  return registrationId === userId ? userId : `${userId}.${registrationId}`;
}

/** A reset link's subject: the account and the request. */
export function passwordResetSubject(userId: string, resetId: string): string {
  return `${userId}.${resetId}`;
}

/** The two parts of a subject (ids are UUIDs, which hold no dot); the second defaults to the first. */
export function parseSubject(subject: string): { id: string; part: string } {
  const [id = '', part = id, ...rest] = subject.split('.');
  return rest.length > 0 ? { id: '', part: '' } : { id, part };
}
