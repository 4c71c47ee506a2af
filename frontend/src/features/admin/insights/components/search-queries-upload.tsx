/** Upload of a Search Console "Queries" CSV export (Performance → Export → CSV) for the period it covers. */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { ApiError } from '../../../../lib/api-client';
import { useSubmit } from '../../../../lib/use-submit';
import { importSearchQueriesCsv } from '../api/analytics';
import { dayOffset } from '../format';

/** The server's limit on the CSV text (search-console/record-search-queries.command.ts). */
const MAX_CSV_CHARS = 1_000_000;

export function SearchQueriesUpload({ onImported }: { onImported: () => void }) {
  const id = useId();
  // Search Console's default export period ends yesterday.
  const [startDate, setStartDate] = useState(() => dayOffset(-7));
  const [endDate, setEndDate] = useState(() => dayOffset(-1));
  const [file, setFile] = useState<File | null>(null);
  const { pending: busy, send } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    await send(
      async () => {
        const csv = await file.text();
        if (csv.length > MAX_CSV_CHARS) {
          toast.error('Upload failed', { description: 'The file is too large (at most 1 MB).' });
          return;
        }
        const { recorded } = await importSearchQueriesCsv({ startDate, endDate, csv });
        toast.success('Search queries imported', {
          description: `${recorded} ${recorded === 1 ? 'query' : 'queries'} recorded for ${startDate} to ${endDate}.`,
        });
        (event.target as HTMLFormElement).reset();
        setFile(null);
        onImported();
      },
      {
        onFailure: (error) => {
          const message = error instanceof ApiError ? error.message : 'An unexpected error occurred';
          toast.error('Upload failed', { description: message });
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/40 p-3"
      aria-label="Upload Search Console Queries CSV"
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <Label htmlFor={`${id}-file`}>Search Console Queries CSV</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="h-auto py-1.5"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-start`}>Period start</Label>
        <Input
          id={`${id}-start`}
          type="date"
          required
          value={startDate}
          max={endDate}
          onChange={(e) => setStartDate(e.target.value)}
          className="w-40"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-end`}>Period end</Label>
        <Input
          id={`${id}-end`}
          type="date"
          required
          value={endDate}
          min={startDate}
          onChange={(e) => setEndDate(e.target.value)}
          className="w-40"
        />
      </div>
      <Button type="submit" disabled={!file || busy}>
        {busy ? 'Uploading...' : 'Upload CSV'}
      </Button>
    </form>
  );
}
