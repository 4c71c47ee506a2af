/** Sends an import's rows in requests of at most 100, reporting progress after each; stops at the first that fails. */
import type { ImportRowResult } from '../../../../../../contracts/catalogue/import';
import { ApiError } from '../../../../lib/api-client';
import { importApps } from '../api/import-apps';
import { importChunks } from './import-chunks';
import type { RequestRow } from './import-plan';

export const IMPORT_FALLBACK_MESSAGE = 'Failed to save apps to database. Please try again.';

export type ImportRun = { results: ImportRowResult[]; failure: string | null };

export async function runImport(rows: RequestRow[], onProgress: (done: number, total: number) => void): Promise<ImportRun> {
  const results: ImportRowResult[] = [];
  onProgress(0, rows.length);
  for (const chunk of importChunks(rows)) {
    try {
      results.push(...(await importApps({ rows: chunk })).rows);
    } catch (error) {
      return { results, failure: failureMessage(error) };
    }
    onProgress(results.length, rows.length);
  }
  return { results, failure: null };
}

/** The server's message when it sent one (4xx); the spec's fallback for everything else. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : IMPORT_FALLBACK_MESSAGE;
}
