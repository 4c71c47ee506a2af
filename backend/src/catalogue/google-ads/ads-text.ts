/**
 * Text as Google Ads takes it: measured as Ads measures it, cut without breaking a character, and without
 * the characters Ads refuses in ad text and keywords.
 *
 * What we followed (Google's help, as found on 2026-11-25):
 * - Length: the double-width rule of Google's text-ad limits (support.google.com/admob/answer/6177141: a line
 *   of 25 characters holds 12 double-width ones): most characters count 1, double-width characters (Chinese,
 *   Japanese, Korean) count 2, so a 30-character headline holds 15 of them. We count a grapheme 2 when it is
 *   East Asian Wide or Fullwidth (emoji included), else 1.
 * - Ad text: Editorial, Punctuation and Symbols (support.google.com/adspolicy/answer/14847994) refuses
 *   "invalid or unsupported characters" (emoji), non-standard symbols (bullets, asterisks, ★ ✓ ☎…) and
 *   punctuation repeated consecutively ("flowers!!"); Ads also takes no exclamation mark in a headline. We drop
 *   those characters, keep one of a repeated mark, and collapse the spaces left behind.
 * - A leading = + @, or a dash used as a bullet ("- Fast invoices"), is a symbol standing for nothing where it
 *   stands, which the same policy refuses; they are dropped from the start of ad text and ad group names.
 *   A minus before a number ("-20% errors") means what it says, and stays.
 * - Keywords: Ads refuses , ! @ % ^ * ( ) = { } ; ~ ` < > ? \ | in keyword text (Google Ads help 2453972, Search
 *   Ads 360 help 16555093) and 4-byte (non-BMP) characters; it ignores . and - . We keep letters, marks,
 *   digits, spaces and & ' . - _, a hyphen, period or apostrophe only inside a word, so no keyword starts with
 *   - or + (a negative or broad-match sign), nor with a formula character.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (part) => part.segment);

/** Emoji and what builds them: pictographs (© ® ™ too), flags, skin tones, joiners, variation selectors, keycaps, tags. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]/gu;
/** Control, format, private-use, unassigned and lone-surrogate code points, and the replacement character. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\ufffd]/gu;
/** Symbols that stand for nothing in a sentence (★ ✓ ☎ ♥…); currency and maths signs stay. */
const OTHER_SYMBOLS = /[\p{So}*•‣◦]/gu;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** = + @ at the start, and a dash not followed by a digit, with the spaces after them (linear: one class). */
const LEADING_SYMBOLS = /^(?:[=+@\s]|-(?!\d))+/;

/** Emoji and unprintable characters out, spaces collapsed, no leading = + @ or bullet dash: for ad group names. */
export function plainText(text: string): string {
  return collapse(text.replace(UNPRINTABLE, ' ').replace(EMOJI, ' ')).replace(LEADING_SYMBOLS, '');
}

/** Description text: no emoji or stray symbols, no repeated punctuation, no space left before punctuation. */
export function adText(text: string): string {
  return collapse(
    plainText(text)
      .replace(OTHER_SYMBOLS, ' ')
      .replace(/([!?.,;:])\1+/g, '$1')
      .replace(/(?<!\s)\s+([!?.,;:])/g, '$1'),
  ).replace(LEADING_SYMBOLS, '');
}

/** Headline text: as ad text, and Ads takes no exclamation mark in a headline. */
export function headlineText(text: string): string {
  return collapse(adText(text).replace(/!/g, ' ')).replace(LEADING_SYMBOLS, '');
}

const KEYWORD_REFUSED = /[^\p{L}\p{M}\p{N}&'._\- ]/gu;
const NON_BMP = /[\u{10000}-\u{10ffff}]/gu;
export const KEYWORD_MAX = 80;
export const KEYWORD_WORDS_MAX = 10;

/** Keyword text: lower case, only characters Ads accepts, at most 10 words and 80 characters. */
export function keywordText(text: string): string {
  const words = plainText(text)
    .toLowerCase()
    .replace(NON_BMP, ' ')
    .replace(KEYWORD_REFUSED, ' ')
    .split(' ')
    .map((word) => word.replace(/^[-.'_]+|(?<![-.'_])[-.'_]+$/g, ''))
    .filter(Boolean)
    .slice(0, KEYWORD_WORDS_MAX);
  while (words.length > 1 && adsLength(words.join(' ')) > KEYWORD_MAX) words.pop();
  return words.join(' ');
}

/** East Asian Wide and Fullwidth blocks (Hangul, CJK, kana, fullwidth forms) and the emoji blocks. */
const WIDE =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;

/** A length as Google Ads counts it toward a limit: 2 for a double-width grapheme, 1 for any other. */
export function adsLength(text: string): number {
  return graphemes(text).reduce((sum, grapheme) => sum + (WIDE.test(grapheme) ? 2 : 1), 0);
}

const ELLIPSIS = '...';

/** Whole graphemes from the start while they fit in `max` as Ads counts; never half of one. */
export function fitGraphemes(text: string, max: number): string {
  let kept = '';
  let length = 0;
  for (const grapheme of graphemes(text)) {
    length += WIDE.test(grapheme) ? 2 : 1;
    if (length > max) break;
    kept += grapheme;
  }
  return kept;
}

/** The text if it fits in `max` as Ads counts; else whole graphemes and an ellipsis within `max`. */
export function cut(text: string, max: number): string {
  const clean = collapse(text);
  if (adsLength(clean) <= max) return clean;
  return `${fitGraphemes(clean, max - ELLIPSIS.length).trimEnd()}${ELLIPSIS}`;
}
