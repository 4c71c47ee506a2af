/**
 * A worker killed with SIGKILL in the middle of projection batches (its transactions held open by a lock
 * the test takes): after a new worker starts, the read models equal a rebuild from the log, and every
 * e-mail owed was sent exactly once — none sent again after the restart, none lost with the dead batch.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageView, sessionStart, BROWSER_UA } from '../../src/analytics/testing/tracker-events.js';
import { EMAILS_QUEUE } from '../../src/notifications/email/email-dispatcher.js';
import { buildProjections } from '../../src/projections.js';
import { loadConfig } from '../../src/shared/config/config.js';
import { ProjectionRunner } from '../../src/shared/projections/projection-runner.js';
import {
  startServerProcess,
  startWorkerProcess,
  waitForEmptyQueue,
  type ChildServiceProcess,
  type ServerProcess,
} from '../../src/shared/testing/server-process.js';
import { startSmtpServer, type SmtpTestServer } from '../../src/shared/testing/smtp-test-server.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  projectionsCaughtUp,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../../src/shared/testing/test-database.js';
import { eventually } from '../../src/shared/testing/eventually.js';
import { call, get, messageIds, outbox, post, PROCESS_ENV, readModels, viewApp } from './fault-helpers.js';

const WORKER_NAME = uniqueName('fault_worker');
const prefix = uniqueName('unsheet-fault');
let smtp: SmtpTestServer;
let database: TestDatabase;
let api: ServerProcess;
let workerEnv: Record<string, string>;
const workers: ChildServiceProcess[] = [];

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpServer(), createTestDatabase({ migrate: false })]);
  const env = { ...PROCESS_ENV, DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, SMTP_URL: smtp.url };
  api = await startServerProcess({ ...env, RUN_WORKERS: 'false' });
  // The worker's connections carry a name of their own, so the test can see them in pg_stat_activity.
  workerEnv = { ...env, DATABASE_URL: `${database.url}?application_name=${WORKER_NAME}` };
  workers.push(await startWorkerProcess(workerEnv));
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
  await Promise.all([smtp?.close(), database?.drop(), clearRedisPrefix(prefix)]);
});

/** Joins, a question (two e-mails), app views and a visit: work for every kind of projection. */
async function traffic(wave: string, appIds: string[]) {
  const sessionId = crypto.randomUUID();
  const answers = await Promise.all([
    ...Array.from({ length: 5 }, (_, i) => post(api.url, '/api/leads', { email: `${wave}-${i}@example.com` })),
    post(api.url, '/api/quick-questions', { name: 'Ada', email: `${wave}-ada@example.com`, message: 'When?' }),
    ...Array.from({ length: 30 }, (_, i) => viewApp(api.url, appIds[i % appIds.length]!)),
    call(
      `${api.url}/api/analytics/collect`,
      'POST',
      { events: [sessionStart({ sessionId }), pageView({ sessionId })] },
      {
        headers: { 'user-agent': BROWSER_UA },
      },
    ),
  ]);
  expect(answers.map((a) => a.status)).toEqual([...Array(6).fill(201), ...Array(30).fill(202), 202]);
}

describe('a worker killed in the middle of a projection batch', () => {
  it('leaves read models equal to a rebuild from the log, and sends every e-mail once', async () => {
    const db = database.handle.db;
    const projections = buildProjections(loadConfig(PROCESS_ENV));
    const appIds: string[] = (await get(api.url, '/api/apps')).body.items.slice(0, 3).map((app: { id: string }) => app.id);

    // First wave: projected and sent by the first worker.
    await traffic('first', appIds);
    await eventually(
      async () => {
        const emails = await outbox(db);
        return emails.length === 7 && emails.every((email) => email.status === 'sent');
      },
      { timeout: 60_000 },
    );

    // Second wave while the read models of two projections are locked: the worker's batches for them start
    // (checkpoint read, events read) and wait inside their transactions, where the worker dies.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table app_views, email_outbox in share mode');
      await traffic('second', appIds);
      await eventually(
        async () => {
          const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where application_name = ${WORKER_NAME} and wait_event_type = 'Lock' and state = 'active'`.execute(db);
          return rows[0]!.n >= 2;
        },
        { timeout: 60_000 },
      );
      await workers[0]!.kill();
      await locker.query('rollback');
    } finally {
      await locker.end();
    }
    expect(smtp.messages.length).toBe(7);

    workers.push(await startWorkerProcess(workerEnv));
    await eventually(() => projectionsCaughtUp(db, projections), { timeout: 60_000 });
    await eventually(async () => (await outbox(db)).every((email) => email.status === 'sent'), { timeout: 60_000 });
    const owed = await outbox(db);
    expect(owed).toHaveLength(14);
    await waitForEmptyQueue(TEST_REDIS_URL, prefix, EMAILS_QUEUE);
    expect(messageIds(smtp.messages)).toEqual(owed.map((email) => `<${email.id}@unsheet.mail>`).sort());

    const views = await db
      .selectFrom('app_views')
      .select((eb) => eb.fn.sum<number>('views').as('total'))
      .executeTakeFirst();
    expect(Number(views?.total)).toBe(60);

    // Rebuilt from the log, every read model is what the workers left, and the outbox gains nothing.
    const live = await readModels(db, projections);
    const runner = new ProjectionRunner(db, projections, { batchSize: 1000 });
    for (const projection of projections) await runner.rebuild(projection.name);
    expect(await readModels(db, projections)).toEqual(live);
    expect(await outbox(db)).toEqual(owed);
  });
});
