/**
 * The visitor e-mail rule of the spec (§5): required, and a simple address pattern, with its messages.
 * Addresses are compared trimmed and lower-cased; streams are keyed by a hash, never the address itself.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const EMAIL_REQUIRED = 'Please enter your email address.';
export const EMAIL_INVALID = 'Please enter a valid email address.';
// The spec's simple pattern (something@something.something), without the characters no unquoted address
// contains (<>()[]\,;:", control characters), so markup and similar payloads are refused. Keep in step with the frontend's
// features/early-access/validation.ts.
const SIMPLE_EMAIL = /^[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+@[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+\.[^\s\x00-\x1f\x7f@<>()[\]\\,;:"]+$/;

export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .regex(SIMPLE_EMAIL, EMAIL_INVALID)
  .transform((email) => email.toLowerCase());

/** A stable, non-reversible key for an address, for stream ids. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
