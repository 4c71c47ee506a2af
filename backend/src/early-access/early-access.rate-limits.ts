/**
 * Reading a referral code's stats is limited per client address (before RATE_LIMIT_FACTOR), every look-up
 * counted, found or not. A code is 6 base-36 characters (the spec's form): 36^6 ≈ 2.18 billion codes. With N
 * codes in use, one client finds one at random once in about 2.18e9 / N look-ups: at this limit and 10,000
 * codes, once in about 5 days of trying without pause; what it finds are counts of clicks and sign-ups with
 * nobody's address (docs/security.md, "Referral codes").
 */
import type { RateLimit } from '../shared/http/rate-limit.js';

export const REFERRAL_LOOKUPS = 'referral-lookups';
export const REFERRAL_LOOKUPS_PER_MINUTE = 30;

export const earlyAccessRateLimits: RateLimit[] = [{ name: REFERRAL_LOOKUPS, limit: REFERRAL_LOOKUPS_PER_MINUTE, windowMs: 60_000 }];
