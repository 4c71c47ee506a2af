import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { bulkAddApps } from '../api/bulk-add-apps';
import { importedApp } from './imported-app';
import { IMPORT_FALLBACK_MESSAGE, importedCount, runImport } from './run-import';

vi.mock('../api/bulk-add-apps', () => ({ bulkAddApps: vi.fn() }));
const send = vi.mocked(bulkAddApps);

const apps = Array.from({ length: 120 }, (_, i) =>
  importedApp({
    name: `App ${i}`,
    description: 'd',
    problem_solved: 'p',
    replaces_tools: 't',
    category: 'other',
    spreadsheet_benefits: [],
  }),
);

beforeEach(() => {
  send.mockReset();
  send.mockImplementation(async (chunk) => ({ added: chunk.length, apps: [] }));
});

describe('running an import', () => {
  it('sends large imports in chunks and reports progress after each', async () => {
    const progress: [number, number][] = [];
    expect(await runImport(apps, (done, total) => progress.push([done, total]))).toEqual({ ok: true, added: 120 });
    expect(send.mock.calls.map(([chunk]) => chunk.length)).toEqual([50, 50, 20]);
    expect(progress).toEqual([
      [0, 120],
      [50, 120],
      [100, 120],
      [120, 120],
    ]);
  });

  it("stops at the first refused chunk with the server's message, naming the app", async () => {
    send.mockResolvedValueOnce({ added: 50, apps: [] });
    send.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'apps.2.name: Too long', { 'apps.2.name': 'Too long' }));
    expect(await runImport(apps, () => {})).toEqual({ ok: false, added: 50, message: 'App 52 (name): Too long' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("falls back to the spec's message when the server sent none", async () => {
    send.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.'));
    expect(await runImport(apps.slice(0, 1), () => {})).toEqual({ ok: false, added: 0, message: IMPORT_FALLBACK_MESSAGE });
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await runImport(apps.slice(0, 1), () => {})).toEqual({
      ok: false,
      added: 0,
      message: 'Failed to save apps to database. Please try again.',
    });
  });

  it('counts in the singular or the plural', () => {
    expect(importedCount(1)).toBe('Successfully imported 1 app.');
    expect(importedCount(2)).toBe('Successfully imported 2 apps.');
    expect(importedCount(0)).toBe('Successfully imported 0 apps.');
  });
});
