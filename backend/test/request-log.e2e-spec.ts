/**
 * Request logs, read from the built server's output as an operator's log collector reads it: at info level
 * one JSON line per answered request with method, path and status, never the query string (it may carry an
 * e-mail address) nor the client's address, and not the health checks; below info level, none at all (see shared/logging/request-log.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/shared/testing/server-process.js';
import { createTestDatabase, type TestDatabase } from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { MAX_LOGGED_PATH } from '../src/shared/logging/request-log.js';

let database: TestDatabase;
const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-request-log-'));
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function serverLoggingAt(level: string): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: level });
  servers.push(server);
  return server;
}

interface RequestLine {
  msg: string;
  req?: { method: string; path: string };
  res?: { status: number };
}

function requestLines(server: ServerProcess): RequestLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"req"'))
    .map((line) => JSON.parse(line) as RequestLine);
}

const SEARCH = '/api/apps/search?q=jane.doe%40example.com';

async function twoRequests(server: ServerProcess): Promise<void> {
  expect((await fetch(`${server.url}${SEARCH}`)).status).toBe(200);
  const refused = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'not an address' }),
  });
  expect(refused.status).toBe(400);
}

describe('request logs', () => {
  it('at info: one line per request with method, path and status, without the query string', async () => {
    const server = await serverLoggingAt('info');
    await twoRequests(server);
    await eventually(() => requestLines(server).some((line) => line.req?.path === '/api/leads'));
    // The health checks the start-up waited on are not logged: load balancers ask every few seconds.
    expect(requestLines(server).map(({ msg, req, res }) => ({ msg, method: req?.method, path: req?.path, status: res?.status }))).toEqual([
      { msg: 'request completed', method: 'GET', path: '/api/apps/search', status: 200 },
      { msg: 'request completed', method: 'POST', path: '/api/leads', status: 400 },
    ]);
    expect(server.output()).not.toContain('jane.doe');
    expect(server.output()).not.toContain('127.0.0.1');
  }, 60_000);

  it('at info: a long path of address characters is answered at once and logged cut short, masked', async () => {
    const server = await serverLoggingAt('info');
    // Masking used to rescan such a run from each of its characters: about a second for this one request.
    const path = `/${'a'.repeat(15_000)}`;
    const started = performance.now();
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    expect(performance.now() - started).toBeLessThan(400);
    const hidden = `/app/${'x'.repeat(MAX_LOGGED_PATH - 40)}/jane.doe@example.com${'y'.repeat(14_000)}`;
    expect((await fetch(`${server.url}${hidden}`)).status).toBe(404);
    await eventually(() => requestLines(server).filter((line) => line.req?.path.startsWith('/app/')).length === 1);
    const logged = requestLines(server).map((line) => line.req!.path);
    expect(logged).toEqual([path.slice(0, MAX_LOGGED_PATH), expect.stringMatching(/^\/app\/x+\/ja\*\*\*@example\.com/)]);
    expect(logged[1]).toHaveLength(MAX_LOGGED_PATH);
    expect(server.output()).not.toContain('jane.doe');
  }, 60_000);

  it('below info: no request lines at all', async () => {
    const server = await serverLoggingAt('warn');
    await twoRequests(server);
    // Once the server has ended, all it wrote is in hand: a request line, had one been written, is there.
    await server.stop();
    expect(requestLines(server)).toEqual([]);
  }, 60_000);
});
