/**
 * The fields every public form shares, as the API checks them: the visitor's e-mail address, the page the
 * form was sent from and the honeypot. The request schemas of the public forms are built from these; the SPA
 * imports their types only (its own quick check of an address is contracts/email.ts, without zod).
 */
import { domainToUnicode } from 'node:url';
import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED } from './email.js';
import { CONTROL_CHARACTERS_MESSAGE } from './errors.js';

/*
 * The e-mail address: the spec's rule (§5), required and the simple pattern, with the messages of
 * contracts/email.ts. The schema answers one canonical spelling of an address, so a look-alike (full-width
 * letters, a trailing dot, an invisible character, a Cyrillic letter in a Latin domain) is either the same
 * person or refused.
 */

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

/*
 * The page a visitor wrote from (`source_page` of every public form): attribution only, so a long path is cut
 * to its first 300 characters rather than refused. What is refused is a character no path holds and that
 * makes the value a different thing elsewhere: control characters (C0 with tab, CR and LF, DEL, C1) and the
 * Unicode line and paragraph separators. A CR or LF ends a record in a CSV reader that does not honour quotes,
 * and a control character before `=` hides a formula from a naive guard; the API's global
 * guard (refuse-control-characters.ts) lets tab, CR and LF through because messages have lines, a path has none.
 */

const NOT_IN_A_PATH = /[\p{Cc}\u2028\u2029]/u;

/** Checked before trimming, so a line break at either end is refused too, not quietly cut. */
export const sourcePageSchema = z
  .string()
  .refine((page) => !NOT_IN_A_PATH.test(page), CONTROL_CHARACTERS_MESSAGE)
  .trim()
  .max(2048)
  .nullish()
  .transform((page) => page?.slice(0, 300) || null);

/*
 * The honeypot every public write form carries: a text field named `website`, hidden from people (off
 * screen, aria-hidden, out of the tab order, autocomplete off) but filled in by form-filling bots.
 *
 * When it is filled the server answers exactly as it would for a success and writes nothing. The usual
 * anti-spam advice is to fail silently: an error (400, 403) tells the bot's author which field gave it away,
 * and a bot that sees a success does not retry with variations. The field is accepted (not refused as
 * unknown) for the same reason. A person never sees it, so no person is turned away.
 */

/** Any text, up to a size the body limit would allow anyway; only whether it is blank matters. */
export const honeypotSchema = z.string({ error: 'Must be text.' }).max(2048, 'At most 2048 characters.').nullish();

/** True when a bot filled the trap. */
export function caughtInHoneypot(input: { website?: string | null | undefined }): boolean {
  return Boolean(input.website?.trim());
}
