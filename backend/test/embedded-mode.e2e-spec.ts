import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/shared/db/database.js';
import { startServerProcess, type ServerProcess } from '../src/shared/testing/server-process.js';

// No DATABASE_URL, no REDIS_URL: the product must run on PGlite in DATA_DIR, with in-process wake-ups.
const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-embedded-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/apps?pageSize=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((app) => app.id).sort();
}

describe('embedded mode (npm start on a fresh machine)', () => {
  it('serves the demo catalogue with no database or Redis configured, and keeps it across a restart', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    // The terminal says where the e-mails are, since none leaves the machine.
    expect(server.output()).toContain(`E-mails are written to ${join(dataDir, 'outbox')} as .eml files (set SMTP_URL to send them).`);
    const first = await appIds(server.url);
    expect(first).toHaveLength(16);
    const ready = await fetch(`${server.url}/api/health/ready`).then((r) => r.json());
    expect(ready).toEqual({ status: 'ok', checks: { database: 'up' } });
    const home = await fetch(`${server.url}/`).then((r) => r.text());
    expect(home).toContain('<div id="root">');
    expect(await server.stop()).toBe(0);

    server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await appIds(server.url)).toEqual(first);
    expect(await server.stop()).toBe(0);
    server = undefined;

    // The second start found the demo apps in the log and appended nothing.
    const { db, close } = await openDatabase({ dataDir, migrate: false });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'AppAdded'`.execute(db);
      expect(rows[0]!.n).toBe(16);
    } finally {
      await close();
    }
  }, 120_000); // two cold starts of PGlite, slower on a busy machine

  it('stops at start-up with a message naming a wrong variable', async () => {
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: '3000', REDIS_URL: 'not-a-url' }, 10_000)).rejects.toThrow(
      /REDIS_URL: must be a redis:\/\/ URL/,
    );
  });
});
