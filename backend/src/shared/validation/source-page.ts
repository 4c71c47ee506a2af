/**
 * The page a visitor wrote from (`source_page` of every public form): attribution only, so a long path is cut
 * to its first 300 characters rather than refused. What is refused is a character no path holds and that
 * makes the value a different thing elsewhere: control characters (C0 with tab, CR and LF, DEL, C1) and the
 * Unicode line and paragraph separators. A CR or LF ends a record in a CSV reader that does not honour quotes,
 * and a control character before `=` hides a formula from a naive guard; the global guard
 * (refuse-control-characters.ts) lets tab, CR and LF through because messages have lines, a path has none.
 */
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from '../http/refuse-control-characters.js';

const NOT_IN_A_PATH = /[\p{Cc}\u2028\u2029]/u;

/** Checked before trimming, so a line break at either end is refused too, not quietly cut. */
export const sourcePageSchema = z
  .string()
  .refine((page) => !NOT_IN_A_PATH.test(page), CONTROL_CHARACTERS_MESSAGE)
  .trim()
  .max(2048)
  .nullish()
  .transform((page) => page?.slice(0, 300) || null);
