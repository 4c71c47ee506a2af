/** Sends an import chunk by chunk, reporting progress; stops at the first refused chunk. */
import { ApiError } from '../../../../lib/api-client';
import { bulkAddApps } from '../api/bulk-add-apps';
import { describeImportFailure, importChunks } from './import-chunks';
import type { ImportedApp } from './imported-app';

export const IMPORT_FALLBACK_MESSAGE = 'Failed to save apps to database. Please try again.';

export type ImportOutcome = { ok: true; added: number } | { ok: false; added: number; message: string };

export async function runImport(apps: ImportedApp[], onProgress: (done: number, total: number) => void): Promise<ImportOutcome> {
  let added = 0;
  onProgress(0, apps.length);
  for (const chunk of importChunks(apps)) {
    try {
      added += (await bulkAddApps(chunk)).added;
    } catch (error) {
      // The server's message when it sent one (4xx); the spec's fallback for everything else.
      const message =
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? describeImportFailure(error.fields, error.message, chunk)
          : IMPORT_FALLBACK_MESSAGE;
      return { ok: false, added, message };
    }
    onProgress(added, apps.length);
  }
  return { ok: true, added };
}

/** 'Successfully imported 1 app.' / '… 3 apps.' (spec §8: the count, singular or plural). */
export function importedCount(count: number): string {
  return `Successfully imported ${count} ${count === 1 ? 'app' : 'apps'}.`;
}
