/**
 * How the server writes a CSV file for people to open (the lead export, and any export after it; the Google Ads
 * Editor file takes CSV_OPTIONS only, its cells being Ads Editor's: google-ads-csv.ts): RFC 4180 with CRLF records,
 * every field holding a comma, a quote, a CR or an LF quoted (NEEDS_QUOTES: csv-stringify on its own quotes
 * only the whole record delimiter, so a lone CR or LF would split a record), and every cell spreadsheet-safe
 * (contracts/csv.ts), the header included. Rows are pulled as the response drains, so a large export holds
 * one page of rows at a time, and stopping the response (a client gone) stops reading.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { NEEDS_QUOTES, spreadsheetSafe } from '../../../../contracts/csv.js';

export type CsvCell = string | null;

export const CSV_OPTIONS: Options = { quoted_match: NEEDS_QUOTES, record_delimiter: 'windows' };

/** The CSV text of `header` then `rows` (null is an empty cell); an error reading rows fails the stream. */
export function csvStream(header: readonly string[], rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>): Readable {
  async function* records() {
    yield header.map(spreadsheetSafe);
    for await (const row of rows) yield row.map((cell) => spreadsheetSafe(cell ?? ''));
  }
  // pipeline: an error on either side destroys both, so the response fails instead of ending short.
  return pipeline(Readable.from(records()), stringify(CSV_OPTIONS), () => {});
}
