/**
 * Reads a Search Console "Queries" export (Performance → Export → CSV, the file Queries.csv):
 * `Top queries,Clicks,Impressions,CTR,Position`, CTR as '12.5%'. Headers are matched by name, so column
 * order and the export's language of the first column ('Top queries' / 'Query') do not matter.
 */
import { parse } from 'csv-parse/sync';

export interface CsvQueryRow {
  query: string;
  clicks: number;
  impressions: number;
  position: number;
}

export class CsvFormatError extends Error {}

export const MAX_CSV_ROWS = 5000;

export function parseQueriesCsv(text: string): CsvQueryRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new CsvFormatError(`Not a CSV file: ${(error as Error).message}`);
  }
  if (records.length > MAX_CSV_ROWS) throw new CsvFormatError(`At most ${MAX_CSV_ROWS} rows.`);
  const first = records[0];
  if (!first) throw new CsvFormatError('The file has no rows.');
  const queryColumn = ['top queries', 'query', 'queries'].find((name) => name in first);
  const missing = ['clicks', 'impressions', 'position'].filter((name) => !(name in first));
  if (!queryColumn || missing.length > 0) {
    throw new CsvFormatError('Expected the columns Top queries, Clicks, Impressions and Position (a Search Console Queries export).');
  }
  return records.flatMap((record, i) => {
    const query = record[queryColumn]!;
    if (!query) return [];
    const clicks = count(record.clicks, i, 'Clicks');
    const impressions = count(record.impressions, i, 'Impressions');
    const position = Number(record.position?.replace(',', '.'));
    if (!Number.isFinite(position) || position < 0) throw new CsvFormatError(`Row ${i + 2}: Position is not a number.`);
    return [{ query: query.slice(0, 500), clicks, impressions, position }];
  });
}

function count(value: string | undefined, index: number, column: string): number {
  const n = Number((value ?? '').replace(/[\s,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new CsvFormatError(`Row ${index + 2}: ${column} is not a whole number.`);
  return n;
}
