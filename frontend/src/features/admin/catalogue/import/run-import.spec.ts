import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRequest } from '../../../../../../contracts/catalogue/import';
import { ApiError } from '../../../../lib/api-client';
import { importApps } from '../api/import-apps';
import { importedApp } from './imported-app';
import { IMPORT_FALLBACK_MESSAGE, runImport } from './run-import';

vi.mock('../api/import-apps', () => ({ importApps: vi.fn() }));
const send = vi.mocked(importApps);

const rows = Array.from({ length: 1000 }, (_, i) => ({
  row: i + 2,
  ifExists: 'skip' as const,
  app: importedApp({
    name: `App ${i}`,
    description: 'd',
    problem_solved: 'p',
    replaces_tools: 't',
    category: 'other',
    spreadsheet_benefits: [],
  }),
}));
const answer = (request: ImportRequest) => ({
  dryRun: false,
  added: request.rows.length,
  updated: 0,
  skipped: 0,
  rows: request.rows.map(({ row }) => ({ row, action: 'add' as const, slug: `s${row}`, id: `id${row}`, reasons: [] })),
});

beforeEach(() => {
  send.mockReset();
  send.mockImplementation(async (request) => answer(request));
});

describe('running an import', () => {
  it('sends 1,000 rows in requests of 100 and reports progress after each', async () => {
    const progress: number[] = [];
    const run = await runImport(rows, (done) => progress.push(done));
    expect(run.failure).toBeNull();
    expect(run.results).toHaveLength(1000);
    expect(send.mock.calls.map(([request]) => [request.rows.length, request.dryRun])).toEqual(Array(10).fill([100, undefined]));
    expect(progress).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it("stops at the first refused request with the server's message, keeping what was done", async () => {
    send.mockImplementationOnce(async (request) => answer(request));
    send.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'rows: At most 100 rows per import request'));
    expect(await runImport(rows, () => {})).toMatchObject({ failure: 'rows: At most 100 rows per import request' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("falls back to the spec's message when the server sent none", async () => {
    send.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.'));
    expect(await runImport(rows.slice(0, 1), () => {})).toEqual({ results: [], failure: IMPORT_FALLBACK_MESSAGE });
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await runImport(rows.slice(0, 1), () => {})).failure).toBe('Failed to save apps to database. Please try again.');
  });
});
