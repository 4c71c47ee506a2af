import { createHmac, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 6;
export const REFERRAL_CODE_PATTERN = /^[0-9A-Z]{6}$/;

/** Six random upper-case base-36 characters (the spec's form), drawn on the server. */
export function newReferralCode(): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * A code of the same form derived from the address with APP_SECRET: the same each time for one address, and
 * unpredictable without the secret. The share-link generator answers it for a lead (whose own code goes by
 * e-mail), so that asking twice looks the same as for an address that got a code of its own.
 */
export function derivedReferralCode(secret: string, email: string): string {
  const digest = createHmac('sha256', secret).update(`decoy-referral-code:${email}`).digest();
  return Array.from({ length: REFERRAL_CODE_LENGTH }, (_, i) => ALPHABET[digest[i]! % ALPHABET.length]).join('');
}
