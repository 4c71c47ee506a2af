/** How often the auth forms may be tried (before RATE_LIMIT_FACTOR), per client address and per account. */
import type { FastifyRequest as Request } from 'fastify';
import type { RateLimit } from '../shared/http/rate-limit.js';
import { emailKey } from '../shared/validation/email.js';

export const SIGN_IN_PER_IP = 'sign-in-per-ip';
export const SIGN_IN_PER_EMAIL = 'sign-in-per-email';
export const SIGN_UP_PER_IP = 'sign-up-per-ip';

const MINUTE = 60_000;

export const identityRateLimits: RateLimit[] = [
  { name: SIGN_IN_PER_IP, limit: 30, windowMs: 15 * MINUTE },
  // Guessing one account's password from many addresses is limited too.
  { name: SIGN_IN_PER_EMAIL, limit: 10, windowMs: 15 * MINUTE, tracker: emailOf },
  { name: SIGN_UP_PER_IP, limit: 10, windowMs: 60 * MINUTE },
];

function emailOf(request: Request): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? emailKey(email) : 'no-email';
}
