/**
 * The visitor e-mail rule of the spec (§5) as a schema: required, and the simple address pattern, with the
 * messages the SPA checks with too (contracts/email.ts). Addresses are compared trimmed and lower-cased;
 * streams are keyed by a hash, never the address itself.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED } from '../../../../contracts/email.js';

export { EMAIL_INVALID, EMAIL_REQUIRED };

export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID)
  .regex(EMAIL_PATTERN, EMAIL_INVALID)
  .transform((email) => email.toLowerCase());

/** A stable, non-reversible key for an address, for stream ids. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
