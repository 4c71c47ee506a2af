/** Properties of the Search Console CSV reader (fast-check): it reads back what any export writes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvFormatError, parseQueriesCsv } from './queries-csv.js';

const quote = (field: string) => `"${field.replace(/"/g, '""')}"`;
// Queries hold commas, quotes, line breaks and any script; the export does not pad them with spaces.
const query = fc
  .string({
    unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom(',', '"', '\n', '\r\n', ';')),
    minLength: 1,
    maxLength: 60,
  })
  .filter((q) => q.trim() === q && q.length > 0 && !q.startsWith('\uFEFF'));
const row = fc.record({
  query,
  clicks: fc.nat(1_000_000),
  impressions: fc.nat(10_000_000),
  position: fc.integer({ min: 100, max: 10_000 }).map((n) => n / 100),
});

describe('parseQueriesCsv', () => {
  it('reads back every row of any export, quoted as RFC 4180 says, in any column order', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        (rows, reversed, newline) => {
          const columns = ['Top queries', 'Clicks', 'Impressions', 'CTR', 'Position'];
          const order = reversed ? [...columns].reverse() : columns;
          const cell = (r: (typeof rows)[number], column: string) =>
            ({
              'Top queries': quote(r.query),
              Clicks: String(r.clicks),
              Impressions: String(r.impressions),
              CTR: '1.5%',
              Position: String(r.position),
            })[column]!;
          const csv = [order.join(','), ...rows.map((r) => order.map((c) => cell(r, c)).join(','))].join(newline);
          expect(parseQueriesCsv(`\uFEFF${csv}`)).toEqual(rows.map((r) => ({ ...r, query: r.query.slice(0, 500) })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers any text with rows or a CsvFormatError, never another failure', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc
            .array(fc.string({ maxLength: 20 }), { maxLength: 8 })
            .map((cells) => `Top queries,Clicks,Impressions,Position\n${cells.join(',')}`),
        ),
        (text) => {
          try {
            const rows = parseQueriesCsv(text);
            for (const r of rows) {
              expect(Number.isInteger(r.clicks) && r.clicks >= 0).toBe(true);
              expect(Number.isFinite(r.position) && r.position >= 0).toBe(true);
              expect(r.query.length).toBeGreaterThan(0);
            }
          } catch (error) {
            expect(error).toBeInstanceOf(CsvFormatError);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
