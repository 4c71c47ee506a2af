/**
 * The first administrator on a fresh install: the built server (a real process, as `npm start` runs it)
 * prints a one-time link while no administrator exists; the link creates one administrator, signed in, and
 * is void once any administrator exists (`npm run admin:grant` included). The token is written nowhere else.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../src/shared/testing/test-database.js';
import { SETUP_LINK_INVALID } from '../../contracts/identity/first-admin.js';
import { sessionSchema } from '../../contracts/identity/session.js';

const run = promisify(execFile);
const LINK_LINE = /Create the first administrator: ([^\s"]+)/g;

interface Install {
  database: TestDatabase;
  prefix: string;
  dataDir: string;
  server?: ServerProcess;
}
const installs: Install[] = [];

async function freshInstall(): Promise<Install> {
  const install: Install = {
    database: await createTestDatabase(),
    prefix: uniqueName('unsheet-first-admin'),
    dataDir: mkdtempSync(join(tmpdir(), 'unsheet-first-admin-')),
  };
  installs.push(install);
  return install;
}

function start(install: Install): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: install.database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: install.prefix,
    DATA_DIR: install.dataDir,
    // Every request is logged: the token must not be in any of those lines.
    LOG_LEVEL: 'info',
  });
}

/** The setup links the process printed, in order. */
function printedLinks(server: ServerProcess): string[] {
  return [...server.output().matchAll(LINK_LINE)].map((match) => match[1]!);
}

async function waitForLink(server: ServerProcess): Promise<string> {
  for (let i = 0; i < 100 && printedLinks(server).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const [link] = printedLinks(server);
  expect(link, server.output()).toBeDefined();
  return link!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

function create(server: ServerProcess, body: unknown) {
  return fetch(`${server.url}/api/setup/first-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function linkValid(server: ServerProcess, token: string): Promise<boolean> {
  const response = await fetch(`${server.url}/api/setup/first-admin?token=${encodeURIComponent(token)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { valid: boolean }).valid;
}

async function admins(install: Install): Promise<string[]> {
  const rows = await install.database.handle.db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('users.email')
    .where('role', '=', 'admin')
    .execute();
  return rows.map((row) => row.email);
}

afterAll(async () => {
  for (const install of installs) {
    await install.server?.stop();
    await install.database.drop();
    await clearRedisPrefix(install.prefix);
    rmSync(install.dataDir, { recursive: true, force: true });
  }
});

describe('the first administrator from the link printed on start', () => {
  let install: Install;
  let server: ServerProcess;
  let link: string;

  beforeAll(async () => {
    install = await freshInstall();
    server = install.server = await start(install);
    link = await waitForLink(server);
  }, 120_000);

  it('prints one link to /setup on this port, with a token of at least 128 random bits in its query string', () => {
    const port = new URL(server.url).port;
    expect(link.startsWith(`http://localhost:${port}/setup?token=`)).toBe(true);
    expect(tokenOf(link)).toMatch(/^[\w-]{43,}$/);
    expect(printedLinks(server)).toHaveLength(1);
  });

  it('refuses a wrong token (403), and malformed input with the field and the sign-up message (400); nothing is created', async () => {
    const wrong = await create(server, { token: 'x'.repeat(43), email: 'owner@example.com', password: 'owner-secret' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'SETUP.LINK_INVALID', message: SETUP_LINK_INVALID });
    expect(await linkValid(server, 'x'.repeat(43))).toBe(false);

    const short = await create(server, { token: tokenOf(link), email: 'owner@example.com', password: '12345' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fields: { password: 'Password must be at least 6 characters long.' } });
    const noEmail = await create(server, { token: tokenOf(link), email: 'not-an-address', password: 'owner-secret' });
    expect(noEmail.status).toBe(400);
    expect(((await noEmail.json()) as { fields: Record<string, string> }).fields.email).toBeTruthy();

    expect(await admins(install)).toEqual([]);
    expect(await linkValid(server, tokenOf(link))).toBe(true);
  });

  it('creates exactly one administrator when the link is used by several requests at once, and signs that one in', async () => {
    const attempts = await Promise.all(
      ['one', 'two', 'three', 'four'].map((name) =>
        create(server, { token: tokenOf(link), email: `${name}@example.com`, password: `${name}-secret` }),
      ),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 403, 403, 403]);
    const winner = attempts.find((response) => response.status === 200)!;
    const session = sessionSchema.parse(await winner.json());
    expect(session.user.role).toBe('admin');
    expect(await admins(install)).toEqual([session.user.email]);

    // Signed in: the access token opens the admin API, and the refresh cookie (as sign-in sets it) renews it.
    const leads = await fetch(`${server.url}/api/admin/leads`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(leads.status).toBe(200);
    const cookie = winner.headers.getSetCookie().find((value) => value.startsWith('unsheet_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain('Path=/api/auth');
    const refreshed = await fetch(`${server.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: cookie.split(';')[0]! } });
    expect(refreshed.status).toBe(200);
    const renewed = sessionSchema.parse(await refreshed.json());
    expect((await fetch(`${server.url}/api/admin/leads`, { headers: { authorization: `Bearer ${renewed.accessToken}` } })).status).toBe(
      200,
    );
  });

  it('refuses the link once used (403), and creates no second administrator', async () => {
    const again = await create(server, { token: tokenOf(link), email: 'late@example.com', password: 'late-secret' });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'SETUP.LINK_INVALID' });
    expect(await linkValid(server, tokenOf(link))).toBe(false);
    expect(await admins(install)).toHaveLength(1);
  });

  it('writes the token nowhere in its output but the printed line, though every request was logged', async () => {
    const output = server.output();
    expect(output).toContain('"path":"/api/setup/first-admin"');
    expect(output.split(tokenOf(link))).toHaveLength(2);
  });

  it('prints no link on a restart once an administrator exists', async () => {
    await server.stop();
    server = install.server = await start(install);
    expect(server.output()).toContain('Unsheet is running on');
    expect(printedLinks(server)).toEqual([]);
    expect(await linkValid(server, tokenOf(link))).toBe(false);
  }, 120_000);
});

describe('the link once `npm run admin:grant` made an administrator', () => {
  it('is void, as is every link an earlier start printed', async () => {
    const install = await freshInstall();
    let server = (install.server = await start(install));
    const first = await waitForLink(server);
    // A restart without an administrator prints a new link; the earlier one still works (several processes share them).
    await server.stop();
    server = install.server = await start(install);
    const second = await waitForLink(server);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect(await linkValid(server, tokenOf(first))).toBe(true);
    expect(await linkValid(server, tokenOf(second))).toBe(true);

    const env = { ...process.env, DATABASE_URL: install.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const granted = await run('npx', ['tsx', 'backend/src/cli/grant-admin.ts', 'ops@example.com', '--password', 'ops-secret'], { env });
    expect(granted.stdout).toContain('Created the administrator account ops@example.com');

    for (const link of [first, second]) {
      expect(await linkValid(server, tokenOf(link))).toBe(false);
      const refused = await create(server, { token: tokenOf(link), email: 'newcomer@example.com', password: 'newcomer-secret' });
      expect(refused.status).toBe(403);
    }
    // Even with the role taken back, the links of before stay void.
    const revoked = await run('npx', ['tsx', 'backend/src/cli/grant-admin.ts', 'ops@example.com', '--revoke'], { env });
    expect(revoked.stdout).toContain('is no longer an administrator');
    expect(await linkValid(server, tokenOf(second))).toBe(false);
    expect((await create(server, { token: tokenOf(second), email: 'newcomer@example.com', password: 'newcomer-secret' })).status).toBe(403);
    expect(await admins(install)).toEqual([]);
  }, 180_000);
});

describe('the link with the address of a registration nobody confirmed', () => {
  it('replaces that registration (as admin:grant --password does): its password no longer signs in', async () => {
    const install = await freshInstall();
    const server = (install.server = await start(install));
    const link = await waitForLink(server);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/sign-up', { email: 'owner@example.com', password: 'stranger-pw' })).status).toBe(201);

    const created = await create(server, { token: tokenOf(link), email: 'owner@example.com', password: 'owner-secret' });
    expect(created.status).toBe(200);
    expect(await admins(install)).toEqual(['owner@example.com']);
    expect((await post('/api/auth/sign-in', { email: 'owner@example.com', password: 'stranger-pw' })).status).toBe(401);
    expect((await post('/api/auth/sign-in', { email: 'owner@example.com', password: 'owner-secret' })).status).toBe(200);
  }, 120_000);
});
