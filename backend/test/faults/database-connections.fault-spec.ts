/**
 * PostgreSQL connections dropped under the API (pg_terminate_backend on its backends, and a database that
 * refuses new connections for a while): requests answer 503 with a clear message instead of hanging or a
 * 500, nothing acknowledged is lost, and the service recovers by itself, without a restart.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../src/shared/http/domain-error.filter.js';
import { startServerProcess, type ServerProcess } from '../../src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../../src/shared/testing/test-database.js';
import { eventually } from '../../src/shared/testing/eventually.js';
import { get, post, PROCESS_ENV, viewApp, type Answer } from './fault-helpers.js';

const API_NAME = uniqueName('fault_api');
const prefix = uniqueName('unsheet-fault');
let database: TestDatabase;
let api: ServerProcess;
let admin: pg.Client;
let appId: string;
const joined: string[] = [];
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  api = await startServerProcess({
    ...PROCESS_ENV,
    DATABASE_URL: `${database.url}?application_name=${API_NAME}`,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
  });
  admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  appId = (await get(api.url, '/api/apps')).body.items[0].id;
}, 120_000);

afterAll(async () => {
  await admin?.query(`alter database ${dbName()} allow_connections true`).catch(() => {});
  await admin?.end();
  await api?.stop();
  await Promise.all([database?.drop(), clearRedisPrefix(prefix)]);
});

function dbName(): string {
  return new URL(database.url).pathname.slice(1);
}

/** Ends every connection the API holds to the database, busy or idle. */
/** Ends the API's connections and waits (up to 5 s each) until their backends are gone, not just signalled. */
async function terminateApiConnections(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    'select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity where application_name = $1',
    [API_NAME],
  );
  return rows.length;
}

async function join(): Promise<Answer> {
  const email = `lead-${++seq}@example.com`;
  const answer = await post(api.url, '/api/leads', { email });
  if (answer.status === 201) joined.push(email);
  return answer;
}

/** Each answer is a success or a 503 with the clear message: never a 500, never a hang. */
function expectSuccessOrUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) continue;
    expect(answer).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
    });
  }
}

async function expectRecovered() {
  await eventually(async () => (await get(api.url, '/api/health/ready')).status === 200, { timeout: 30_000 });
  expect(await join()).toMatchObject({ status: 201 });
  expect((await get(api.url, '/api/apps')).status).toBe(200);
}

describe('PostgreSQL connections dropped under the API', () => {
  it('answers 503 to the requests whose connection was ended, then serves again', async () => {
    // Joins wait on a lock the test holds, so they are in the middle of their transactions when it strikes.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    let answers: Answer[];
    try {
      await locker.query('begin');
      await locker.query('lock table leads in share mode');
      const pending = Promise.all(Array.from({ length: 4 }, () => join()));
      await eventually(
        async () => {
          const { rows } = await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
            [API_NAME],
          );
          return rows[0]!.n >= 1;
        },
        { timeout: 30_000 },
      );
      expect(await terminateApiConnections()).toBeGreaterThan(0);
      await locker.query('rollback');
      answers = await pending;
    } finally {
      await locker.end();
    }
    expectSuccessOrUnavailable(answers);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    await expectRecovered();
  });

  it('keeps answering, 2xx or 503, while connections are ended again and again during traffic', async () => {
    const until = Date.now() + 4_000;
    const answers: Answer[] = [];
    const client = async () => {
      while (Date.now() < until) {
        answers.push(await join(), await get(api.url, '/api/apps'), await viewApp(api.url, appId));
      }
    };
    const killer = async () => {
      while (Date.now() < until) {
        await terminateApiConnections();
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };
    await Promise.all([client(), client(), client(), killer()]);
    expect(answers.length).toBeGreaterThan(10);
    expectSuccessOrUnavailable(answers);
    await expectRecovered();
  });

  it('answers 503 at once while the database refuses connections, and recovers when it takes them again', async () => {
    await admin.query(`alter database ${dbName()} allow_connections false`);
    try {
      await terminateApiConnections();
      // (A read of the database, not of the catalogue, which may answer from memory for a second.)
      const answers = await Promise.all([join(), join(), get(api.url, '/api/early-access/status')]);
      expectSuccessOrUnavailable(answers);
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5_000);
      const ready = await get(api.url, '/api/health/ready');
      expect(ready).toMatchObject({ status: 503, body: { status: 'degraded', checks: { database: 'down', redis: 'up' } } });
    } finally {
      await admin.query(`alter database ${dbName()} allow_connections true`);
    }
    await expectRecovered();
  });

  it('lost no join it acknowledged: every 201 is a lead, positions distinct and without gaps', async () => {
    const db = database.handle.db;
    const { rows } = await sql<{ email: string; waitlist_position: number }>`
      select email, waitlist_position from leads order by waitlist_position`.execute(db);
    expect(rows.map((r) => r.email)).toEqual(expect.arrayContaining(joined));
    expect(rows.map((r) => r.waitlist_position)).toEqual(rows.map((_, i) => i + 1));
  });
});
