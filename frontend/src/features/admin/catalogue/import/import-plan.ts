/**
 * What the preview and the report show, row by row: the parse's rows joined with the server's answer for
 * each (a dry run's plan, or what the import did). The rules (which address is taken, which row repeats an
 * earlier one, which field is not valid) are the server's; this only lays its answers beside the rows.
 */
import type { IfExists, ImportRequest, ImportRowResult } from '../../../../../../contracts/catalogue/import';
import type { ImportedApp, ParsedRow } from './imported-app';

/** The admin's choice for rows whose address an app already has: one for all, and any row's own. */
export type Choices = { all: IfExists; rows: Readonly<Record<number, IfExists>> };
export const INITIAL_CHOICES: Choices = { all: 'skip', rows: {} };

export function ifExistsOf(choices: Choices, row: number): IfExists {
  return choices.rows[row] ?? choices.all;
}

export type RequestRow = ImportRequest['rows'][number];

/** The rows the server is asked about: every row with an app, with the admin's choice. */
export function requestRows(rows: readonly ParsedRow[], choices: Choices): RequestRow[] {
  return rows.flatMap(({ row, app }) => (app ? [{ row, app, ifExists: ifExistsOf(choices, row) }] : []));
}

export type PlanRow = {
  row: number;
  app: ImportedApp | null;
  /** 'checking' until the server has answered for the row. */
  action: ImportRowResult['action'] | 'checking';
  /** The row's address is an existing app's: the admin chooses to skip the row or update the app. */
  exists: boolean;
  /** Why the row is skipped or not imported as written: the parser's notes, then the server's reasons. */
  reasons: string[];
};

export function planRows(parsed: readonly ParsedRow[], answers: readonly ImportRowResult[] | null): PlanRow[] {
  const byRow = new Map(answers?.map((answer) => [answer.row, answer]));
  return parsed.map(({ row, app, notes }) => {
    if (!app) return { row, app, action: 'skip', exists: false, reasons: notes };
    const answer = byRow.get(row);
    if (!answer) return { row, app, action: 'checking', exists: false, reasons: notes };
    return {
      row,
      app,
      action: answer.action,
      exists: answer.reasons.some((reason) => reason.code === 'SLUG_TAKEN'),
      reasons: [...notes, ...answer.reasons.map((reason) => reason.message)],
    };
  });
}

export function planTotals(rows: readonly PlanRow[]): { add: number; update: number; skip: number } {
  const count = (action: PlanRow['action']) => rows.filter((row) => row.action === action).length;
  return { add: count('add'), update: count('update'), skip: count('skip') };
}

/** The rows the import sends: those the plan adds or updates, in order. */
export function rowsToWrite(plan: readonly PlanRow[], choices: Choices): RequestRow[] {
  return plan.flatMap(({ row, app, action }) =>
    app && (action === 'add' || action === 'update') ? [{ row, app, ifExists: ifExistsOf(choices, row) }] : [],
  );
}

export const NOT_SENT = 'Not imported: the import stopped before this row.';

/**
 * What the import did, row by row: the server's answer for each row it wrote, the plan's for the rows it
 * skipped, and, when it stopped early, the rows it never got to.
 */
export function importedAnswers(plan: readonly ImportRowResult[], written: readonly ImportRowResult[]): ImportRowResult[] {
  const done = new Map(written.map((answer) => [answer.row, answer]));
  return plan.map((answer) => {
    const result = done.get(answer.row);
    if (result) return result;
    if (answer.action === 'skip') return answer;
    return { ...answer, action: 'skip', id: null, reasons: [{ code: 'INVALID', message: NOT_SENT }] };
  });
}

/** The report lists every row that was not simply added as written. */
export function reportRows(rows: readonly PlanRow[]): PlanRow[] {
  return rows.filter((row) => row.action !== 'add' || row.reasons.length > 0);
}

/** 'Successfully imported 1 app.' / '… 3 apps.' (spec §8: the count, singular or plural). */
export function importedCount(count: number): string {
  return `Successfully imported ${count} ${count === 1 ? 'app' : 'apps'}.`;
}

/** The success toast's text: the spec's count, then the rows left out, which the report below names. */
export function importSummary(imported: number, skipped: number): string {
  if (skipped === 0) return importedCount(imported);
  return `${importedCount(imported)} ${skipped} ${skipped === 1 ? 'row was' : 'rows were'} not imported: see the report.`;
}
