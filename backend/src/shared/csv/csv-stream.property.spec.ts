/**
 * Properties of the server's CSV writer (fast-check), read back by a real CSV parser: whatever the cells hold
 * (every control character, commas, quotes, lone CR and LF, formulas behind whitespace and controls), the file
 * has one record per row, gives back every value (less the guard's apostrophe) and no cell a spreadsheet runs.
 */
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startsFormula } from '../../../../contracts/csv.js';
import { csvStream, type CsvCell } from './csv-stream.js';

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\ufeff',
];
const TRICKY = [
  ',',
  '"',
  '""',
  '\r',
  '\n',
  '\r\n',
  '\n\r',
  "'",
  ' ',
  '=',
  '+',
  '-',
  '@',
  '=1+1',
  '@SUM(A1)',
  '=HYPERLINK("http://evil","x")',
];
const unit = fc.oneof(
  fc.constantFrom(...CONTROLS, ...TRICKY),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }),
);
const anyText = fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(''));
/** A formula after leading whitespace and control characters: what a naive guard misses. */
const hiddenFormula = fc
  .tuple(fc.array(fc.constantFrom(...CONTROLS, ' ', '\t'), { maxLength: 4 }), fc.constantFrom('=', '+', '-', '@', '\t', '\r'), anyText)
  .map(([lead, sign, rest]) => `${lead.join('')}${sign}${rest}`);
const cell: fc.Arbitrary<CsvCell> = fc.oneof(anyText, hiddenFormula, fc.constant(''), fc.constant(null));
const lead = fc.tuple(cell, cell, cell);

const HEADER = ['Email', 'Source Page', 'Date'];

async function written(rows: CsvCell[][]): Promise<string> {
  return text(csvStream(HEADER, rows));
}

function readBack(csv: string): string[][] {
  return parse(csv, { record_delimiter: '\r\n', relax_column_count: false, bom: false }) as string[][];
}

describe('csvStream', () => {
  it('writes one record per row, each value back (less the guard), no cell a formula', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lead, { maxLength: 15 }), async (rows) => {
        const csv = await written(rows);
        const records = readBack(csv);
        expect(records).toHaveLength(rows.length + 1);
        expect(records[0]).toEqual(HEADER);
        records.slice(1).forEach((record, i) => {
          const expected = rows[i]!.map((value) => value ?? '');
          expect(record.map((read, j) => (startsFormula(expected[j]!) ? read.replace(/^'/, '') : read))).toEqual(expected);
          for (const read of record) expect(startsFormula(read)).toBe(false);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('quotes a field with a comma, quote, CR or LF, doubling quotes, and ends records with CRLF', async () => {
    expect(
      await written([
        ['a,b', 'say "hi"', 'a\rb'],
        ['\n', 'plain', null],
      ]),
    ).toBe('Email,Source Page,Date\r\n"a,b","say ""hi""","a\rb"\r\n"\n",plain,\r\n');
  });

  it('writes a formula as text, behind leading whitespace or a control character too', async () => {
    expect(
      await written([
        ['=1+1', ' @x', '\u001b-2'],
        ['\r=1+1', '\t=1', '+1'],
      ]),
    ).toBe("Email,Source Page,Date\r\n'=1+1,' @x,'\u001b-2\r\n\"'\r=1+1\",'\t=1,'+1\r\n");
  });

  it('fails the stream when reading the rows fails, so an export never ends short as if whole', async () => {
    async function* failing() {
      yield ['a@b.co', '/', '2026-11-20 09:30:05'];
      throw new Error('connection lost');
    }
    await expect(text(csvStream(HEADER, failing()))).rejects.toThrow('connection lost');
  });
});
