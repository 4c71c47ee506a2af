import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStore } from '../../shared/event-store/event-store.js';
import { closeQueueRedis, queueRedis } from '../../shared/redis/redis-connection.js';
import { startRedisCluster } from '../../shared/testing/redis-process.js';
import { waitForEmptyQueue } from '../../shared/testing/server-process.js';
import { startSmtpServer, type SmtpTestServer } from '../../shared/testing/smtp-test-server.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  silentLogger,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../../shared/testing/test-database.js';
import { eventually } from '../../shared/testing/eventually.js';
import { emailKey } from '../../shared/validation/email.js';
import { EMAILS_QUEUE, EmailDispatcher } from './email-dispatcher.js';
import { EmailSender } from './email-sender.js';
import { emailStream } from './email.events.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

let database: TestDatabase;
let smtp: SmtpTestServer;
let transport: MailTransport;
const prefix = uniqueName('unsheet-emails');

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '.' });
});
afterAll(async () => {
  transport?.close();
  await Promise.all([database?.drop(), smtp?.close(), clearRedisPrefix(prefix)]);
});

/** Outbox rows as the reactor writes them, queued `queuedAgo` ago (null: never). */
async function owe(ids: string[], queuedAgo: string | null): Promise<void> {
  await database.handle.db
    .insertInto('email_outbox')
    .values(
      ids.map((id) => ({
        id,
        template: 'welcome',
        marketing: false,
        recipient_key: emailKey(`${id}@example.com`),
        message: JSON.stringify({ from: 'hello@unsheet.test', to: `${id}@example.com`, subject: id, html: '<p>Hi</p>', text: 'Hi' }),
        queued_at: queuedAgo === null ? null : sql<Date>`now() - ${queuedAgo}::interval`,
        last_error: null,
        sent_at: null,
      })),
    )
    .execute();
}

/** Pending e-mails the relay has yet to put on the queue. */
async function unqueued(): Promise<number> {
  const rows = await database.handle.db
    .selectFrom('email_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('queued_at', 'is', null)
    .execute();
  return rows.length;
}

async function statuses(): Promise<Record<string, string>> {
  const rows = await database.handle.db.selectFrom('email_outbox').select(['id', 'status']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

async function attemptsOf(id: string): Promise<number> {
  const row = await database.handle.db.selectFrom('email_outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
  return row.attempts;
}

async function undeliverable(id: string): Promise<number> {
  const rows = await database.handle.db
    .selectFrom('events')
    .select('type')
    .where('stream_id', '=', emailStream(id))
    .where('type', '=', 'EmailUndeliverable')
    .execute();
  return rows.length;
}

/** Runs a dispatcher (3 attempts, 50 ms apart at first) in this mode until `done` holds. */
async function dispatchUntil(mode: 'redis' | 'embedded', done: () => Promise<boolean>): Promise<void> {
  const redis = mode === 'redis' ? { connection: { url: TEST_REDIS_URL, maxRetriesPerRequest: null }, prefix } : undefined;
  const dispatcher = new EmailDispatcher(
    database.handle.db,
    new EmailSender(database.handle.db, transport, new EventStore(database.handle.db)),
    { maxAttempts: 3, retryBaseMs: 50, pollMs: 25, redis },
    silentLogger,
  );
  dispatcher.start();
  try {
    await eventually(done, { timeout: 10_000 });
  } finally {
    await dispatcher.stop();
  }
}

/**
 * One e-mail refused for good (550) and one refused for now (450), sent together (one job, with Redis) until
 * the second is given up on: by then a retry of the first would have happened.
 */
async function refusals(mode: 'redis' | 'embedded'): Promise<void> {
  const gone = `${mode}-gone-welcome`;
  const busy = `${mode}-busy-welcome`;
  smtp.refuseRecipient(`${gone}@example.com`);
  smtp.refuseRecipient(`${busy}@example.com`, 450);
  await owe([gone, busy], null);
  await dispatchUntil(mode, async () => (await statuses())[busy] === 'failed');
  expect(smtp.rcptAttempts(`${busy}@example.com`)).toBe(3);
  expect(await attemptsOf(busy)).toBe(3);
  expect(await undeliverable(busy)).toBe(0);
  expect(smtp.rcptAttempts(`${gone}@example.com`)).toBe(1);
  expect(await attemptsOf(gone)).toBe(1);
  expect((await statuses())[gone]).toBe('failed');
  expect(await undeliverable(gone)).toBe(1);
}

describe('EmailDispatcher with Redis', () => {
  it('sends each owed e-mail once, and queues again only what was queued long ago and never sent', async () => {
    const fresh = Array.from({ length: 120 }, (_, i) => `${i + 1}-welcome`);
    await owe(fresh, null);
    // Queued 20 minutes ago and still pending: its job was lost (Redis flushed). Queued a minute ago: its job
    // is on its way, and queuing it again would be a wasted job.
    await owe(['lost-welcome'], '20 minutes');
    await owe(['in-flight-welcome'], '1 minute');

    const dispatcher = new EmailDispatcher(
      database.handle.db,
      new EmailSender(database.handle.db, transport, new EventStore(database.handle.db)),
      { maxAttempts: 3, retryBaseMs: 100, pollMs: 50, redis: { connection: { url: TEST_REDIS_URL, maxRetriesPerRequest: null }, prefix } },
      silentLogger,
    );
    dispatcher.start();
    try {
      await eventually(() => smtp.messages.length === 121, { timeout: 20_000 });
      // Nothing more goes out once everything owed is sent: once the relay has nothing left to queue and every
      // job has run to its end, a second copy of any e-mail would have been sent.
      await eventually(async () => (await unqueued()) === 0, { timeout: 10_000 });
      await waitForEmptyQueue(TEST_REDIS_URL, prefix, EMAILS_QUEUE);
    } finally {
      await dispatcher.stop();
    }
    expect(smtp.messages).toHaveLength(121);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(121);
    const after = await statuses();
    expect(after['in-flight-welcome']).toBe('pending');
    expect(after['lost-welcome']).toBe('sent');
    expect(Object.values(after).filter((status) => status === 'sent')).toHaveLength(121);
  });
});

describe('EmailDispatcher and a refusal for good', () => {
  it('tries it once with Redis, while the job is retried for the other e-mails', async () => {
    await refusals('redis');
  });

  it('fails a job of refusals for good at once, without retries, and keeps it in the failed set', async () => {
    const alone = 'redis-alone-welcome';
    smtp.refuseRecipient(`${alone}@example.com`);
    await owe([alone], null);
    await dispatchUntil('redis', async () => (await statuses())[alone] === 'failed');
    const queue = new Queue(EMAILS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      const job = await eventually(async () => (await queue.getFailed()).find((failed) => failed.data.ids.includes(alone)) ?? false);
      expect(job.attemptsMade).toBe(1);
      expect(job.failedReason).toMatch(/^1 of 1 e-mails not sent: 550 /);
      expect(job.failedReason).not.toContain(`${alone}@`);
    } finally {
      await queue.close();
    }
    expect(smtp.rcptAttempts(`${alone}@example.com`)).toBe(1);
    expect(await undeliverable(alone)).toBe(1);
  });

  it('tries it once without Redis: the outbox loop does not retry it', async () => {
    await refusals('embedded');
  });
});

describe('EmailDispatcher on a Redis Cluster', () => {
  it("queues again what a primary's failover lost, and sends each e-mail once", async () => {
    const cluster = await startRedisCluster();
    const redis = queueRedis(cluster.url, prefix, EMAILS_QUEUE);
    const watching = queueRedis(cluster.url, prefix, EMAILS_QUEUE);
    const watcher = new Queue(EMAILS_QUEUE, watching);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const dispatcher = new EmailDispatcher(
      database.handle.db,
      new EmailSender(database.handle.db, transport, new EventStore(database.handle.db)),
      { maxAttempts: 3, retryBaseMs: 50, pollMs: 25, redis, beforeBatch: () => gate },
      silentLogger,
    );
    const ids = Array.from({ length: 36 }, (_, i) => `cluster-${i}-welcome`);
    try {
      dispatcher.start();
      await watcher.waitUntilReady();
      const primary = await cluster.primaryFor(redis.prefix);
      const replica = (await cluster.nodes()).find((node) => node.primaryId === primary.id)!;
      // The replica stops copying its primary: whatever the primary takes from now on dies with it.
      cluster.pause(replica.port);
      await cluster.call(primary.port, 'CLIENT', 'KILL', 'TYPE', 'replica');
      // Six jobs of six e-mails: five (the worker's concurrency) held at the gate, one waiting in the queue.
      for (let jobs = 1; jobs <= 6; jobs++) {
        await owe(ids.slice((jobs - 1) * 6, jobs * 6), null);
        await eventually(async () => {
          const counts = await watcher.getJobCounts('active', 'waiting');
          return (await unqueued()) === 0 && (counts.active ?? 0) + (counts.waiting ?? 0) === jobs;
        });
      }
      expect(await watcher.getJobCounts('active', 'waiting')).toEqual({ active: 5, waiting: 1 });
      await cluster.kill(primary.port);
      cluster.resume(replica.port);
      await eventually(async () => (await cluster.nodes()).find((node) => node.port === replica.port)?.primary === true, {
        timeout: 15_000,
        interval: 100,
      });
      // The promoted replica never saw the six jobs; the five held at the gate go on, and send their e-mails.
      open();
      await eventually(async () => ids.every((id) => smtp.rcptAttempts(`${id}@example.com`) === 1), { timeout: 20_000 });
      await eventually(async () => (await unqueued()) === 0, { timeout: 10_000 });
      await waitForEmptyQueue(cluster.url, prefix, EMAILS_QUEUE);
    } finally {
      open();
      await dispatcher.stop();
      await watcher.close();
      closeQueueRedis(redis);
      closeQueueRedis(watching);
      await cluster.stop();
    }
    const sent = smtp.messages.filter((mail) => mail.subject?.startsWith('cluster-'));
    expect(sent).toHaveLength(ids.length);
    expect(new Set(sent.map((mail) => mail.subject)).size).toBe(ids.length);
    expect(ids.every((id) => smtp.rcptAttempts(`${id}@example.com`) === 1)).toBe(true);
    const after = await statuses();
    expect(ids.every((id) => after[id] === 'sent')).toBe(true);
  }, 60_000);
});
