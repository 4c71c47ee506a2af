/** How often the auth forms may be tried (before RATE_LIMIT_FACTOR), per client address and per account. */
import type { FastifyRequest as Request } from 'fastify';
import type { RateLimit } from '../shared/http/rate-limit.js';
import { emailKey } from '../shared/validation/email.js';
import { emailSchema } from '../../../contracts/form-fields.js';

export const SIGN_IN_PER_IP = 'sign-in-per-ip';
export const SIGN_UP_PER_IP = 'sign-up-per-ip';
export const FORGOT_PASSWORD_PER_IP = 'forgot-password-per-ip';
export const FORGOT_PASSWORD_PER_EMAIL = 'forgot-password-per-email';
export const RESET_PASSWORD_PER_IP = 'reset-password-per-ip';
export const FIRST_ADMIN_SETUP_PER_IP = 'first-admin-setup-per-ip';

const MINUTE = 60_000;

/**
 * Wrong passwords are not a rate limit of the route (which would let anyone lock an account's owner out by
 * failing on purpose) but a count of failures per account and client address (sign-in-failures.ts).
 */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * MINUTE;
export const SIGN_IN_FAILURES_PER_CLIENT = 10;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 100;

export const identityRateLimits: RateLimit[] = [
  { name: SIGN_IN_PER_IP, limit: 30, windowMs: 15 * MINUTE },
  { name: SIGN_UP_PER_IP, limit: 10, windowMs: 60 * MINUTE },
  { name: FORGOT_PASSWORD_PER_IP, limit: 5, windowMs: 15 * MINUTE },
  // Keeps anyone from filling an owner's inbox with reset links (the owner can still ask three times an hour).
  { name: FORGOT_PASSWORD_PER_EMAIL, limit: 3, windowMs: 60 * MINUTE, tracker: emailOf },
  // A reset link is a long random token; this only keeps a client from hammering the form.
  { name: RESET_PASSWORD_PER_IP, limit: 10, windowMs: 15 * MINUTE },
  // The first administrator's setup link is a long random token too; as sign-in, per client address.
  { name: FIRST_ADMIN_SETUP_PER_IP, limit: 30, windowMs: 15 * MINUTE },
];

/** The account's address in its canonical form, so that another spelling of it (full-width, a trailing dot) is the same account. */
function emailOf(request: Request): string {
  const parsed = emailSchema.safeParse((request.body as { email?: unknown } | undefined)?.email);
  return parsed.success ? emailKey(parsed.data) : 'no-email';
}
