/**
 * The visitor e-mail rule of the spec (§5) as a schema: required, and the simple address pattern, with the
 * messages the SPA checks with too (contracts/email.ts). The schema answers one canonical spelling of an
 * address, so a look-alike (full-width letters, a trailing dot, an invisible character, a Cyrillic letter
 * in a Latin domain) is either the same person or refused. Streams are keyed by a hash, never the address.
 */
import { createHash } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED } from '../../../../contracts/email.js';

export { EMAIL_INVALID, EMAIL_REQUIRED };

/**
 * Characters that show nothing or reorder what is shown (zero-width, bidi controls, BOM, soft hyphen,
 * variation selectors, fillers): refused, not removed, as nobody types them into an address by accident.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The full stops IDNA (UTS #46) reads as the label separator, after NFKC has mapped U+FF0E. */
const DOMAIN_DOTS = /[\u3002\uff61]/g;
/** The lookbehind starts a match only after the last other character: linear, whatever the dots inside. */
const TRAILING_DOTS = /(?<!\.)\.+$/;

/**
 * Trimmed, NFKC (full-width and styled letters become plain ones), lower case, and the domain's dots as
 * DNS reads them: the ideographic full stops are dots, and the trailing (root) dot names the same host.
 */
function canonicalEmail(email: string): string {
  const address = email.trim().normalize('NFKC').toLowerCase();
  const at = address.lastIndexOf('@');
  const domain = address
    .slice(at + 1)
    .replace(DOMAIN_DOTS, '.')
    .replace(TRAILING_DOTS, '');
  return `${address.slice(0, at + 1)}${domain}`;
}

/** Digits, punctuation and combining marks belong to no one script. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** The scripts told apart (UTS #31's recommended scripts); letters of any other script count as one more. */
const SCRIPTS = (
  'Latin Greek Cyrillic Armenian Georgian Hebrew Arabic Thaana Ethiopic Devanagari Bengali Gurmukhi Gujarati ' +
  'Oriya Tamil Telugu Kannada Malayalam Sinhala Thai Lao Tibetan Myanmar Khmer Han Hiragana Katakana Bopomofo Hangul'
)
  .split(' ')
  .map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));
/** UTS #39's "highly restrictive" level: one script, or Latin and Han with the East Asian scripts that go with Han. */
const SCRIPT_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/**
 * Whether the domain's letters are of one script (or of one usual East Asian mix), so `exampl\u0435.com`
 * cannot pass for example.com. A punycode label is read as what it encodes.
 */
function hasOneScriptDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const scripts = new Set<string>();
  for (const char of domainToUnicode(domain) || domain) {
    if (!NEUTRAL.test(char)) scripts.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? 'other');
  }
  return scripts.size <= 1 || SCRIPT_MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)));
}

/** Checks run in order: the invisible characters on what arrived, the rest on the canonical address. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .refine((email) => !INVISIBLE.test(email), { error: EMAIL_INVALID, abort: true })
  .overwrite(canonicalEmail)
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_INVALID, abort: true })
  .regex(EMAIL_PATTERN, EMAIL_INVALID)
  .refine(hasOneScriptDomain, EMAIL_INVALID);

/**
 * The mailbox a canonical address delivers to, so sub-addresses count as one person: without its `+tag`,
 * and for Gmail (which ignores dots in its names and serves googlemail.com too) without dots, at gmail.com.
 * Other domains may give dots meaning, so theirs stay.
 */
export function mailboxKey(canonicalEmail: string): string {
  const at = canonicalEmail.lastIndexOf('@');
  if (at < 0) return canonicalEmail;
  const domain = canonicalEmail.slice(at + 1);
  const local = canonicalEmail.slice(0, at).split('+')[0]!;
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** A stable, non-reversible key for an address, for stream ids. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
