/**
 * One PGlite folder, one process: every command that opens the embedded database refuses, with a message
 * that says why, while the app holds the folder (two processes on one folder lose each other's writes), and
 * the app refuses to start on a folder that another process holds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/shared/db/database.js';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { startServerProcess, type ServerProcess } from '../src/shared/testing/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-lock-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run <script> -- <args>` as a person would, on the test's data folder. */
function npmRun(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const REFUSAL = new RegExp(
  `The embedded database in ${join(dataDir, 'pglite').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another process \\(pid \\d+\\)`,
);

const COMMANDS: [string, string[]][] = [
  ['admin:grant', ['owner@example.com', '--password', 'owner-secret-1']],
  ['migrate', []],
  ['projections:rebuild', ['all']],
  ['privacy:erase', ['lead@example.com']],
  ['emails:retry-failed', []],
  ['analytics:reclassify', []],
];

describe('the embedded data folder has one owner at a time', () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const joined = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'lead@example.com' }),
    });
    expect(joined.status).toBe(201);
  }, 120_000);

  it.each(COMMANDS)(
    'npm run %s refuses while the app runs, and writes nothing',
    async (script, args) => {
      const { code, output } = await npmRun(script, args);
      expect(output).toMatch(REFUSAL);
      expect(output).toContain('Stop the app (or the other command) first.');
      expect(output).not.toContain('Created the administrator account');
      expect(code).toBe(1);
      // The app still answers: the command touched nothing of its.
      expect((await fetch(`${server!.url}/api/health/ready`)).status).toBe(200);
    },
    60_000,
  );

  it('kept nothing the refused commands would have written, and frees the folder once the app stops', async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const { db, close } = await openDatabase({ dataDir, migrate: false });
    try {
      const { rows: users } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'UserRegistered'`.execute(db);
      expect(users[0]!.n).toBe(0);
      const { rows: leads } = await sql<{ email: string }>`select email from leads`.execute(db);
      expect(leads.map((lead) => lead.email)).toEqual(['lead@example.com']);
    } finally {
      await close();
    }
    // With the app stopped, the same command works.
    const { code, output } = await npmRun('admin:grant', ['owner@example.com', '--password', 'owner-secret-1']);
    expect(output).toContain('Created the administrator account owner@example.com');
    expect(code).toBe(0);
  }, 120_000);

  it('the app refuses to start on a folder another process holds', async () => {
    const held = await openDatabase({ dataDir, migrate: false });
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir }, 30_000)).rejects.toThrow(REFUSAL);
    } finally {
      await held.close();
    }
    server = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});
