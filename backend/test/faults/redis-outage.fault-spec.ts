/**
 * Redis stopped during traffic (a redis-server of the test's own, restarted empty): the API keeps appending
 * commands, readiness says it is degraded, and once Redis is back the projections are caught up and every
 * e-mail owed goes out once, including those whose BullMQ jobs were lost with Redis.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAILS_QUEUE } from '../../src/notifications/email/email-dispatcher.js';
import { buildProjections } from '../../src/projections.js';
import { loadConfig } from '../../src/shared/config/config.js';
import { startRedisProcess, type RedisProcess } from '../../src/shared/testing/redis-process.js';
import {
  startServerProcess,
  startWorkerProcess,
  waitForEmptyQueue,
  type ChildServiceProcess,
  type ServerProcess,
} from '../../src/shared/testing/server-process.js';
import { startSmtpServer, type SmtpTestServer } from '../../src/shared/testing/smtp-test-server.js';
import { createTestDatabase, projectionsCaughtUp, uniqueName, type TestDatabase } from '../../src/shared/testing/test-database.js';
import { eventually } from '../../src/shared/testing/eventually.js';
import { get, messageIds, outbox, post, PROCESS_ENV, viewApp } from './fault-helpers.js';

let redis: RedisProcess;
let smtp: SmtpTestServer;
let database: TestDatabase;
let api: ServerProcess;
let worker: ChildServiceProcess;
const prefix = uniqueName('unsheet-fault');

beforeAll(async () => {
  [redis, smtp, database] = await Promise.all([startRedisProcess(), startSmtpServer(), createTestDatabase({ migrate: false })]);
  const env = { ...PROCESS_ENV, DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: prefix, SMTP_URL: smtp.url };
  api = await startServerProcess({ ...env, RUN_WORKERS: 'false' });
  // Retries wait 10 s: the refused e-mails are still in Redis's delayed set when it stops.
  worker = await startWorkerProcess({ ...env, EMAIL_RETRY_BASE_MS: '10000' });
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await Promise.all([smtp?.close(), database?.drop(), redis?.stop()]);
});

const join = (email: string) => post(api.url, '/api/leads', { email });

describe('Redis stopped during traffic', () => {
  it('keeps accepting commands, reports the degradation, then catches up and sends each e-mail once', async () => {
    const db = database.handle.db;
    const projections = buildProjections(loadConfig({ ...PROCESS_ENV }));
    const apps = await get(api.url, '/api/apps');
    const appId: string = apps.body.items[0].id;

    // Before: a welcome e-mail goes out, and two more are refused for now, so their jobs wait in Redis for
    // a retry when it goes away (and come back empty with it).
    expect((await join('before@example.com')).status).toBe(201);
    await eventually(() => smtp.messages.length === 1, { timeout: 30_000 });
    smtp.refuseNext(2);
    expect((await join('refused-1@example.com')).status).toBe(201);
    expect((await join('refused-2@example.com')).status).toBe(201);
    await eventually(() => smtp.attempts() >= 3, { timeout: 30_000 });
    await eventually(async () => (await outbox(db)).filter((e) => e.status === 'pending' && e.attempts === 1).length === 2, {
      timeout: 30_000,
    });

    await redis.stop();

    // During: every command is answered at once and its event appended.
    const during = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => join(`during-${i}@example.com`)),
      ...Array.from({ length: 10 }, () => viewApp(api.url, appId)),
      post(api.url, '/api/quick-questions', { name: 'Ada', email: 'ada@example.com', message: 'Is it out yet?' }),
    ]);
    expect(during.map((a) => a.status)).toEqual([...Array(10).fill(201), ...Array(10).fill(202), 201]);
    expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(5_000);
    const { rows } = await sql<{ type: string; n: number }>`
      select type, count(*)::int as n from events
      where type in ('LeadJoined', 'AppViewed', 'QuickQuestionAsked') group by type order by type`.execute(db);
    expect(rows).toEqual([
      { type: 'AppViewed', n: 10 },
      { type: 'LeadJoined', n: 13 },
      { type: 'QuickQuestionAsked', n: 1 },
    ]);
    const ready = await get(api.url, '/api/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'degraded', checks: { database: 'up', redis: 'down' } } });
    // Queries keep working too.
    expect((await get(api.url, '/api/early-access/status')).status).toBe(200);

    await redis.start();

    await eventually(async () => (await get(api.url, '/api/health/ready')).body?.status === 'ok', { timeout: 30_000 });
    await eventually(() => projectionsCaughtUp(db, projections), { timeout: 30_000 });
    const views = await db.selectFrom('app_views').select('views').where('app_id', '=', appId).executeTakeFirst();
    expect(views?.views).toBe(10);

    // 13 welcome e-mails and the question's two: each sent, each once.
    await eventually(async () => (await outbox(db)).every((email) => email.status === 'sent'), { timeout: 60_000 });
    const owed = await outbox(db);
    expect(owed).toHaveLength(15);
    await waitForEmptyQueue(redis.url, prefix, EMAILS_QUEUE);
    expect(messageIds(smtp.messages)).toEqual(owed.map((email) => `<${email.id}@unsheet.mail>`).sort());
  });
});
