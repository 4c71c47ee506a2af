/**
 * One tab of the Import Apps page: the text area, Import Apps and Load Example, the format box, and a
 * preview of every row: the app it parses to, what the import will do with it and why (the server plans it
 * in a dry run, by the rules the import follows). Rows whose address an app already has are skipped or
 * update that app, as the admin chooses. The import goes in requests of 100 rows with a progress bar, and
 * ends with a report of every row not simply added.
 */
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { mutate } from 'swr';
import type { IfExists, ImportRowResult } from '../../../../../../contracts/catalogue/import';
import { ROI_FIGURES, roiFigureText } from '../../../../../../contracts/catalogue/fields';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { isAdminAppsKey } from '../api/get-admin-apps';
import { importApps } from '../api/import-apps';
import type { ImportedApp, ParsedRow, ParseResult } from '../import/imported-app';
import {
  ifExistsOf,
  importedAnswers,
  importedCount,
  importSummary,
  INITIAL_CHOICES,
  planRows,
  planTotals,
  reportRows,
  requestRows,
  rowsToWrite,
  type Choices,
  type PlanRow,
} from '../import/import-plan';
import { failureMessage, runImport } from '../import/run-import';

type ImportPanelProps = {
  id: string;
  label: string;
  placeholder: string;
  parse: (text: string) => ParseResult;
  example: string;
  format: ReactNode;
};

/** Rows the preview lists: all that are skipped or changed (up to a limit), and the first of the plain ones. */
const PLAIN_ROWS_SHOWN = 50;
const ROWS_SHOWN = 500;
const CHECK_DELAY_MS = 300;
const NOTHING_TO_IMPORT = 'No row can be imported: see the reasons in the preview.';

export function ImportPanel({ id, label, placeholder, parse, example, format }: ImportPanelProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [choices, setChoices] = useState<Choices>(INITIAL_CHOICES);
  const [report, setReport] = useState<{ rows: PlanRow[]; totals: ReturnType<typeof planTotals> } | null>(null);
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => (deferred.trim() ? parse(deferred) : null), [deferred, parse]);
  const plan = useDryRun(parsed?.ok ? parsed.rows : null, choices);

  function edit(value: string) {
    setText(value);
    setReport(null);
  }

  async function importNow() {
    const result = parse(text);
    if (!result.ok) {
      toast.error(result.error.title, { description: result.error.description });
      return;
    }
    setBusy(true);
    setReport(null);
    try {
      let answers = plan.answers;
      if (!answers) {
        try {
          answers = (await importApps({ dryRun: true, rows: requestRows(result.rows, choices) })).rows;
        } catch (error) {
          toast.error('Import failed', { description: failureMessage(error) });
          return;
        }
      }
      const toWrite = rowsToWrite(planRows(result.rows, answers), choices);
      if (toWrite.length === 0) {
        toast.error('Import failed', { description: NOTHING_TO_IMPORT });
        return;
      }
      const run = await runImport(toWrite, (done, total) => setProgress({ done, total }));
      const done = planRows(result.rows, importedAnswers(answers, run.results));
      const totals = planTotals(done);
      const imported = totals.add + totals.update;
      if (imported > 0) await mutate(isAdminAppsKey);
      setReport({ rows: reportRows(done), totals });
      if (run.failure === null) {
        toast.success('Import successful!', { description: importSummary(imported, totals.skip) });
        setText('');
      } else {
        const partly = imported > 0 ? ` ${importedCount(imported)} The rest was not imported.` : '';
        toast.error('Import failed', { description: `${run.failure}${partly}` });
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>{label}</Label>
          <Textarea
            id={id}
            rows={14}
            className="font-mono text-sm"
            placeholder={placeholder}
            value={text}
            disabled={busy}
            onChange={(e) => edit(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" disabled={!text.trim() || busy} onClick={importNow}>
            {busy ? 'Importing...' : 'Import Apps'}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => edit(example)}>
            Load Example
          </Button>
        </div>
        {progress && (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <progress className="h-2 w-full accent-primary" max={progress.total} value={progress.done} aria-label="Import progress" />
            <span>
              Imported {progress.done} of {progress.total} apps...
            </span>
          </div>
        )}
      </div>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle asChild>
            <h2>Expected format</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm text-muted-foreground">{format}</CardContent>
      </Card>
      {/* The page's full width, under both columns: a row's fields side by side need it. */}
      <div className="min-w-0 lg:col-span-2">
        {report ? (
          <Report {...report} />
        ) : (
          <Preview id={id} result={parsed} plan={plan} choices={choices} disabled={busy} onChoose={setChoices} />
        )}
      </div>
    </div>
  );
}

type DryRun = { answers: ImportRowResult[] | null; error: string | null };

/** The server's plan for the rows as they stand (asked a moment after the last keystroke), or why it could not be had. */
function useDryRun(rows: ParsedRow[] | null, choices: Choices): DryRun {
  const request = useMemo(() => (rows ? requestRows(rows, choices) : []), [rows, choices]);
  const key = useMemo(() => JSON.stringify(request), [request]);
  const [state, setState] = useState<DryRun & { key: string }>({ key: '', answers: null, error: null });
  useEffect(() => {
    if (request.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      importApps({ dryRun: true, rows: request }).then(
        (answer) => current && setState({ key, answers: answer.rows, error: null }),
        (error: unknown) => current && setState({ key, answers: null, error: failureMessage(error) }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, request]);
  return state.key === key ? state : { answers: null, error: null };
}

type PreviewProps = {
  id: string;
  result: ParseResult | null;
  plan: DryRun;
  choices: Choices;
  disabled: boolean;
  onChoose: (choices: Choices) => void;
};

function Preview({ id, result, plan, choices, disabled, onChoose }: PreviewProps) {
  if (!result) return null;
  if (!result.ok) {
    return (
      <p data-testid="import-preview" className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        <strong className="text-foreground">{result.error.title}.</strong> {result.error.description}
      </p>
    );
  }
  const rows = planRows(result.rows, plan.answers);
  const totals = planTotals(rows);
  const checking = rows.some((row) => row.action === 'checking');
  const apps = checking ? result.rows.filter((row) => row.app).length : totals.add + totals.update;
  const existing = rows.filter((row) => row.exists).length;
  const choose = (row: number, ifExists: IfExists) => onChoose({ ...choices, rows: { ...choices.rows, [row]: ifExists } });
  return (
    <section data-testid="import-preview" aria-label="Preview" className="flex flex-col gap-3">
      <h2 className="font-semibold">
        Preview: {apps} {apps === 1 ? 'app' : 'apps'} will be imported
      </h2>
      <p role="status" className="text-sm text-muted-foreground">
        {plan.error
          ? `Could not check the rows against the catalogue: ${plan.error}`
          : checking
            ? 'Checking the rows against the catalogue...'
            : `${totals.add} new, ${totals.update} to update, ${totals.skip} skipped.`}
      </p>
      {existing > 0 && (
        <fieldset className="flex flex-col gap-2 rounded-md border p-3 text-sm" disabled={disabled}>
          <legend className="px-1 font-medium">
            {existing} {existing === 1 ? 'row has the address of an app' : 'rows have the addresses of apps'} already in the catalogue
          </legend>
          {(
            [
              ['skip', 'Skip these rows'],
              ['update', 'Update those apps with these rows'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-if-exists`}
                value={value}
                checked={choices.all === value}
                onChange={() => onChoose({ all: value, rows: {} })}
              />
              {text}
            </label>
          ))}
        </fieldset>
      )}
      <RowsTable rows={shown(rows)} total={rows.length} choices={choices} disabled={disabled} onChoose={choose} />
    </section>
  );
}

function Report({ rows, totals }: { rows: PlanRow[]; totals: ReturnType<typeof planTotals> }) {
  return (
    <section data-testid="import-report" aria-label="Import report" className="flex flex-col gap-3">
      <h2 className="font-semibold">Import report</h2>
      <p className="text-sm text-muted-foreground">
        {totals.add} added, {totals.update} updated, {totals.skip} not imported.
        {rows.length === 0 ? ' Every row was added as written.' : ' Every row not simply added as written, and why:'}
      </p>
      {rows.length > 0 && <RowsTable rows={rows} total={rows.length} />}
    </section>
  );
}

/** Every row with something to say, up to a limit, and the first of the others, in file order. */
function shown(rows: PlanRow[]): PlanRow[] {
  let plain = 0;
  return rows.filter((row) => (row.action === 'add' && row.reasons.length === 0 ? plain++ < PLAIN_ROWS_SHOWN : true)).slice(0, ROWS_SHOWN);
}

const ACTION_LABELS: Record<PlanRow['action'], string> = { add: 'Add', update: 'Update', skip: 'Skip', checking: 'Checking' };
const DONE_LABELS: Record<PlanRow['action'], string> = { add: 'Added', update: 'Updated', skip: 'Not imported', checking: 'Checking' };

type RowsTableProps = {
  rows: PlanRow[];
  total: number;
  choices?: Choices;
  disabled?: boolean;
  onChoose?: (row: number, ifExists: IfExists) => void;
};

function RowsTable({ rows, total, choices, disabled, onChoose }: RowsTableProps) {
  const labels = choices ? ACTION_LABELS : DONE_LABELS;
  // A phone shows what matters for each row (its number, name and fate); wider screens show the app's fields.
  const wide = 'hidden px-3 py-2 md:table-cell';
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {choices ? 'What happens' : 'Result'}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Category
            </th>
            {['Description', 'Problem solved', 'Replaces', 'Benefits', 'ROI figures'].map((heading) => (
              <th key={heading} scope="col" className={`${wide} font-medium`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} data-row={row.row} className="border-b align-top last:border-0">
              <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.row}</td>
              <td className="max-w-48 px-3 py-2 font-medium break-words">{row.app?.name ?? '—'}</td>
              <td className="min-w-40 px-3 py-2">
                <div className="flex flex-col items-start gap-1">
                  <Badge variant={row.action === 'skip' ? 'outline' : row.action === 'update' ? 'secondary' : 'default'}>
                    {labels[row.action]}
                  </Badge>
                  {row.reasons.map((reason) => (
                    <span key={reason} className="text-muted-foreground">
                      {reason}
                    </span>
                  ))}
                  {choices && onChoose && row.exists && (
                    <NativeSelect
                      aria-label={`Row ${row.row}: app already in the catalogue`}
                      className="w-44"
                      value={ifExistsOf(choices, row.row)}
                      disabled={disabled}
                      onChange={(e) => onChoose(row.row, e.target.value as IfExists)}
                    >
                      <option value="skip">Skip this row</option>
                      <option value="update">Update the app</option>
                    </NativeSelect>
                  )}
                </div>
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{row.app?.category ?? '—'}</td>
              <td className={wide}>{row.app?.description}</td>
              <td className={wide}>{row.app?.problem_solved}</td>
              <td className={wide}>{row.app?.replaces_tools}</td>
              <td className={wide}>
                {row.app && row.app.spreadsheet_benefits.length > 0 ? (
                  <ul className="list-disc pl-4">
                    {row.app.spreadsheet_benefits.map((benefit, j) => (
                      <li key={j}>{benefit}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
              <td className={wide}>{row.app ? roiSummary(row.app) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length && (
        <p className="p-3 text-sm text-muted-foreground">
          …and {total - rows.length} more {total - rows.length === 1 ? 'row' : 'rows'}.
        </p>
      )}
    </div>
  );
}

/** '38% faster, 45% less errors, … $33,000 projected' as the row gives them, or 'Standard' when it gives none. */
function roiSummary(app: ImportedApp): string {
  const given = app.roi_figures;
  if (!given) return 'Standard';
  return ROI_FIGURES.map(({ key, unit, caption }) => {
    const value = given[key];
    return `${value === undefined ? '?' : typeof value === 'number' ? roiFigureText(unit, value) : value} ${caption}`;
  }).join(', ');
}
