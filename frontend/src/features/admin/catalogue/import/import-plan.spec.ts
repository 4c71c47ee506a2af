import { describe, expect, it } from 'vitest';
import type { ImportRowResult } from '../../../../../../contracts/catalogue/import';
import { parseCsvImport } from './parse-csv-import';
import {
  importedAnswers,
  importedCount,
  importSummary,
  INITIAL_CHOICES,
  NOT_SENT,
  planRows,
  planTotals,
  reportRows,
  requestRows,
  rowsToWrite,
} from './import-plan';
import type { ParsedRow } from './imported-app';

const csv = `name,description,problem,tools
Invoice Chaser,d,p,t
Too,few,cells
Ledger Lite,d,p,t
,d,p,t
Invoice Chaser,d,p,t`;
const parsed = (() => {
  const result = parseCsvImport(csv);
  if (!result.ok) throw new Error('no rows');
  return result.rows;
})();
const taken = (slug: string) => ({ code: 'SLUG_TAKEN' as const, message: `An app with the address "${slug}" already exists.` });
// The server's dry run for rows 2, 4, 5, 6 (row 3 never reaches it).
const answers: ImportRowResult[] = [
  { row: 2, action: 'add', slug: 'invoice-chaser', id: null, reasons: [] },
  { row: 4, action: 'skip', slug: 'ledger-lite', id: null, reasons: [taken('ledger-lite')] },
  { row: 5, action: 'add', slug: 'd', id: null, reasons: [] },
  {
    row: 6,
    action: 'skip',
    slug: 'invoice-chaser',
    id: null,
    reasons: [{ code: 'DUPLICATE_IN_FILE', message: 'Same address "invoice-chaser" as row 2.' }],
  },
];

describe('the import preview', () => {
  it('asks the server about every row with an app, with the choice for existing apps (one for all, or the row’s own)', () => {
    expect(requestRows(parsed, INITIAL_CHOICES).map(({ row, ifExists }) => [row, ifExists])).toEqual([
      [2, 'skip'],
      [4, 'skip'],
      [5, 'skip'],
      [6, 'skip'],
    ]);
    const choices = { all: 'update' as const, rows: { 6: 'skip' as const } };
    expect(requestRows(parsed, choices).map(({ row, ifExists }) => [row, ifExists])).toEqual([
      [2, 'update'],
      [4, 'update'],
      [5, 'update'],
      [6, 'skip'],
    ]);
  });

  it('shows each row with what will happen and why: the parser’s notes, then the server’s reasons', () => {
    const rows = planRows(parsed, answers);
    expect(rows.map(({ row, action, exists, reasons }) => ({ row, action, exists, reasons }))).toEqual([
      { row: 2, action: 'add', exists: false, reasons: [] },
      { row: 3, action: 'skip', exists: false, reasons: ['Fewer than 4 cells.'] },
      { row: 4, action: 'skip', exists: true, reasons: ['An app with the address "ledger-lite" already exists.'] },
      { row: 5, action: 'add', exists: false, reasons: ['The name is missing: named "Unnamed App".'] },
      { row: 6, action: 'skip', exists: false, reasons: ['Same address "invoice-chaser" as row 2.'] },
    ]);
    expect(planTotals(rows)).toEqual({ add: 2, update: 0, skip: 3 });
  });

  it('marks rows the server has not answered for yet as being checked', () => {
    expect(planRows(parsed, null).map((row) => row.action)).toEqual(['checking', 'skip', 'checking', 'checking', 'checking']);
  });

  it('sends only the rows the plan adds or updates', () => {
    const plan = planRows(parsed, [...answers.slice(0, 1), { ...answers[1]!, action: 'update', id: 'x' }, ...answers.slice(2)]);
    const choices = { all: 'skip' as const, rows: { 4: 'update' as const } };
    expect(rowsToWrite(plan, choices).map(({ row, ifExists }) => [row, ifExists])).toEqual([
      [2, 'skip'],
      [4, 'update'],
      [5, 'skip'],
    ]);
  });
});

describe('the import report', () => {
  it('takes what the import did for the rows it sent, the plan for the rows it skipped, and names the rows never sent', () => {
    const written: ImportRowResult[] = [{ row: 2, action: 'add', slug: 'invoice-chaser', id: 'a', reasons: [] }];
    const result = importedAnswers(answers, written);
    expect(result.map(({ row, action, reasons }) => [row, action, reasons.map((reason) => reason.message)])).toEqual([
      [2, 'add', []],
      [4, 'skip', ['An app with the address "ledger-lite" already exists.']],
      [5, 'skip', [NOT_SENT]],
      [6, 'skip', ['Same address "invoice-chaser" as row 2.']],
    ]);
    // The report leaves out the rows added as written.
    expect(reportRows(planRows(parsed, result)).map((row) => row.row)).toEqual([3, 4, 5, 6]);
  });

  it('says the totals in the spec’s words, and how many rows were left out', () => {
    expect(importedCount(1)).toBe('Successfully imported 1 app.');
    expect(importedCount(2)).toBe('Successfully imported 2 apps.');
    expect(importSummary(11, 0)).toBe('Successfully imported 11 apps.');
    expect(importSummary(9, 1)).toBe('Successfully imported 9 apps. 1 row was not imported: see the report.');
    expect(importSummary(9, 3)).toBe('Successfully imported 9 apps. 3 rows were not imported: see the report.');
  });

  it('keeps rows a parser skipped in the preview even when the server knows nothing of them', () => {
    const skippedOnly: ParsedRow[] = [{ row: 1, app: null, notes: ['Fewer than 4 lines.'] }];
    expect(planRows(skippedOnly, [])).toEqual([{ row: 1, app: null, action: 'skip', exists: false, reasons: ['Fewer than 4 lines.'] }]);
  });
});
