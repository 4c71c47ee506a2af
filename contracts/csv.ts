/**
 * What makes a CSV cell safe to open in a spreadsheet (OWASP's CSV injection guidance), for every CSV the
 * product writes (the lead export, the Google Ads Editor file…): a cell that starts with =, +, -, @, a tab or
 * a carriage return, after any leading whitespace, control characters (C0 and C1) or invisible format characters
 * (zero-width, bidi marks), would be run as a formula, so it is
 * written with a leading apostrophe, which spreadsheets show as text. No dependency: both sides use it.
 */
const FORMULA_START = /^[\s\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064]*[=+\-@\t\r]/;

export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Whether a spreadsheet would run the cell as a formula (what spreadsheetSafe prevents). */
export function startsFormula(cell: string): boolean {
  return FORMULA_START.test(cell);
}

/**
 * RFC 4180's rule for quoting: a field that holds a comma, a double quote, a CR or an LF (anywhere, alone or
 * together) is quoted, its quotes doubled. For CSV writers' `quoted_match` options and for checks.
 */
export const NEEDS_QUOTES = /[",\r\n]/;
