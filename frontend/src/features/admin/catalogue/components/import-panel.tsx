/**
 * One tab of the Import Apps page: the text area, Import Apps and Load Example, the format box, and a
 * preview of what the text parses to, so the admin sees the apps before importing them. Large imports
 * go in chunks with a progress bar.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { mutate } from 'swr';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import { adminAppsKey } from '../api/get-admin-apps';
import type { ParseResult } from '../import/imported-app';
import { importedCount, runImport } from '../import/run-import';

type ImportPanelProps = {
  id: string;
  label: string;
  placeholder: string;
  parse: (text: string) => ParseResult;
  example: string;
  format: ReactNode;
};

const PREVIEW_ROWS = 50;

export function ImportPanel({ id, label, placeholder, parse, example, format }: ImportPanelProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const deferred = useDeferredValue(text);
  const preview = useMemo(() => (deferred.trim() ? parse(deferred) : null), [deferred, parse]);

  async function importApps() {
    const parsed = parse(text);
    if (!parsed.ok) {
      toast.error(parsed.error.title, { description: parsed.error.description });
      return;
    }
    setBusy(true);
    try {
      const outcome = await runImport(parsed.apps, (done, total) => setProgress({ done, total }));
      if (outcome.added > 0) await mutate(adminAppsKey);
      if (outcome.ok) {
        toast.success('Import successful!', { description: importedCount(outcome.added) });
        setText('');
      } else {
        const partly = outcome.added > 0 ? ` ${importedCount(outcome.added)} The rest was not imported.` : '';
        toast.error('Import failed', { description: `${outcome.message}${partly}` });
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
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" disabled={!text.trim() || busy} onClick={importApps}>
            {busy ? 'Importing...' : 'Import Apps'}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => setText(example)}>
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
        <Preview result={preview} />
      </div>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle asChild>
            <h2>Expected format</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm text-muted-foreground">{format}</CardContent>
      </Card>
    </div>
  );
}

function Preview({ result }: { result: ParseResult | null }) {
  if (!result) return null;
  if (!result.ok) {
    return (
      <p data-testid="import-preview" className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        <strong className="text-foreground">{result.error.title}.</strong> {result.error.description}
      </p>
    );
  }
  const { apps } = result;
  return (
    <section data-testid="import-preview" aria-label="Preview" className="flex flex-col gap-2">
      <h2 className="font-semibold">
        Preview: {apps.length} {apps.length === 1 ? 'app' : 'apps'} will be imported
      </h2>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="border-b text-muted-foreground">
            <tr>
              {['Name', 'Category', 'Description', 'Problem solved', 'Replaces', 'Benefits'].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {apps.slice(0, PREVIEW_ROWS).map((app, i) => (
              <tr key={i} className="border-b align-top last:border-0">
                <td className="px-3 py-2 font-medium">{app.name}</td>
                <td className="px-3 py-2">{app.category}</td>
                <td className="px-3 py-2">{app.description}</td>
                <td className="px-3 py-2">{app.problem_solved}</td>
                <td className="px-3 py-2">{app.replaces_tools}</td>
                <td className="px-3 py-2">
                  {app.spreadsheet_benefits.length > 0 ? (
                    <ul className="list-disc pl-4">
                      {app.spreadsheet_benefits.map((benefit, j) => (
                        <li key={j}>{benefit}</li>
                      ))}
                    </ul>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {apps.length > PREVIEW_ROWS && <p className="p-3 text-sm text-muted-foreground">…and {apps.length - PREVIEW_ROWS} more.</p>}
      </div>
    </section>
  );
}
