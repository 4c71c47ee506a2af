import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 6;
export const REFERRAL_CODE_PATTERN = /^[0-9A-Z]{6}$/;

/** Six random upper-case base-36 characters (the spec's form), drawn on the server. */
export function newReferralCode(): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
