/**
 * The password rule and the API's sign-in messages, without zod. The API checks the rule and answers with
 * these messages; the SPA checks the rule before sending and turns the messages into the spec's sentences
 * (§8), so it must know exactly what the API says.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';

// The API's answers to a refused sign-in: the provider's sentences the spec quotes (§8), for which the SPA
// shows the spec's longer ones.
/** 401 AUTH.INVALID_CREDENTIALS. */
export const INVALID_CREDENTIALS = 'Invalid login credentials';
/** 403 AUTH.EMAIL_NOT_CONFIRMED. */
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';
