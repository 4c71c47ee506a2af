/**
 * Unsheet on a Redis Cluster: three primaries with a replica each (real redis-server processes), one API
 * process and two worker processes (the built `backend/dist`) with `REDIS_URL=redis-cluster://…`. Joins
 * through the API give every welcome e-mail exactly once, the projections catch up, and the rate limits count
 * in the cluster. Then the primary that holds the e-mail queue is killed while joins arrive: its replica takes
 * over, the processes follow it, and nothing is lost or sent twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../../src/analytics/testing/tracker-events.js';
import { EMAILS_QUEUE } from '../../src/notifications/email/email-dispatcher.js';
import { PROJECTIONS_QUEUE } from '../../src/shared/queue/projection-wakeup.js';
import { createRedisClient, keyPrefix, queuePrefix } from '../../src/shared/redis/redis-connection.js';
import { eventually } from '../../src/shared/testing/eventually.js';
import { startRedisCluster, type RedisClusterProcess } from '../../src/shared/testing/redis-process.js';
import {
  startServerProcess,
  startWorkerProcess,
  waitForEmptyQueue,
  waitForQueueWorkers,
  type ChildServiceProcess,
  type ServerProcess,
} from '../../src/shared/testing/server-process.js';
import { startSmtpServer, type SmtpTestServer } from '../../src/shared/testing/smtp-test-server.js';
import { createTestDatabase, testConfig, uniqueName, type TestDatabase } from '../../src/shared/testing/test-database.js';
import { settled } from '../api-harness.js';

const WORKERS = 2;
/** Public writes a minute from one address, across routes (PUBLIC_WRITE_BUDGET): the joins come from many. */
const BUDGET = 5;

let cluster: RedisClusterProcess;
let database: TestDatabase;
let smtp: SmtpTestServer;
let api: ServerProcess;
let workers: ChildServiceProcess[] = [];
let redis: Cluster;
const prefix = uniqueName('unsheet-cluster');
const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-cluster-'));
let joined = 0;

beforeAll(async () => {
  [cluster, database, smtp] = await Promise.all([startRedisCluster(), createTestDatabase(), startSmtpServer()]);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: cluster.url,
    REDIS_PREFIX: prefix,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    APP_SECRET: 'redis-cluster-secret-redis-cluster-0123',
    DEMO_CATALOGUE: 'false',
    PROJECTION_POLL_MS: '500',
    EMAIL_POLL_MS: '200',
    RATE_LIMIT_FACTOR: '1',
    PUBLIC_WRITE_BUDGET: String(BUDGET),
    // The test is the proxy: each join names a client address of its own (X-Forwarded-For).
    TRUST_PROXY: 'loopback',
  };
  const starting = Array.from({ length: WORKERS }, () => startWorkerProcess(env, 60_000));
  api = await startServerProcess({ ...env, RUN_WORKERS: 'false' }, 60_000);
  workers = await Promise.all(starting);
  redis = createRedisClient(cluster.url) as Cluster;
}, 90_000);

afterAll(async () => {
  await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
  redis?.disconnect();
  await Promise.all([smtp?.close(), database?.drop(), cluster?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('on a Redis Cluster', () => {
  it('sends every welcome e-mail once, catches the projections up and counts the rate limits', async () => {
    await waitForQueueWorkers(cluster.url, prefix, PROJECTIONS_QUEUE, WORKERS);
    await waitForQueueWorkers(cluster.url, prefix, EMAILS_QUEUE, WORKERS);

    await joinMany(20);
    await expectEveryWelcomeOnce();
    await expectBudgetCounted(await addressServedBy());
    // Nothing went wrong in any process, and no script met keys of two slots.
    const output = [api, ...workers].map((p) => p.output()).join('');
    expect(output).not.toMatch(/"level":50/);
    expect(output).not.toContain('CROSSSLOT');
  });

  it("follows a primary's failover to its replica, losing and repeating nothing", async () => {
    const emails = await cluster.primaryFor(queuePrefix(cluster.url, prefix, EMAILS_QUEUE));
    const replica = (await cluster.nodes()).find((node) => node.primaryId === emails.id)!;
    expect(replica).toBeDefined();

    // Joins arrive before, during and after the primary's death.
    const joining = joinMany(30, 25);
    await eventually(() => joined >= 30, { timeout: 10_000 });
    await cluster.kill(emails.port);
    await joining;
    await eventually(
      async () => {
        const nodes = await cluster.nodes();
        expect(nodes.find((node) => node.port === emails.port)).toMatchObject({ failed: true });
        expect(nodes.find((node) => node.port === replica.port)).toMatchObject({ primary: true, failed: false });
      },
      { timeout: 15_000, interval: 200 },
    );
    await joinMany(10);

    // A job that was running when the primary died may come back on the replica as running, with the lock of
    // a worker that has finished it: a worker's check for stalled jobs (every 30 s) runs it again once that
    // lock has expired (30 s), and it finds its e-mails sent. Waiting for the queue to be empty allows for it.
    await expectEveryWelcomeOnce(75_000);
    // The promoted replica counts too.
    await expectBudgetCounted(await addressServedBy(replica.port));
  }, 120_000); // usually about 12 s (see above)
});

/** `count` joins, each from an address of its own, `gapMs` apart; every one must be accepted. */
async function joinMany(count: number, gapMs = 0): Promise<void> {
  const answers: Promise<Response>[] = [];
  for (let i = 0; i < count; i++) {
    const n = joined++;
    answers.push(post('/api/leads', { email: `joiner-${n}@example.com` }, `10.1.${n >> 8}.${n & 255}`));
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  for (const answer of await Promise.all(answers)) expect(answer.status, await answer.clone().text()).toBe(201);
}

/** Every join so far has had its welcome e-mail, exactly once, and nothing more is owed or queued. */
async function expectEveryWelcomeOnce(queueTimeoutMs = 30_000): Promise<void> {
  await eventually(() => expect(smtp.messages.length).toBe(joined), { timeout: 20_000, interval: 100 });
  await settled({ database, config: testConfig({ DATABASE_URL: database.url }) });
  await waitForEmptyQueue(cluster.url, prefix, EMAILS_QUEUE, queueTimeoutMs);
  expect(smtp.messages.length).toBe(joined);
  expect(new Set(smtp.messages.map((mail) => mail.messageId)).size).toBe(joined);
  expect(smtp.attempts()).toBe(joined);
  const welcomed = smtp.messages.filter((mail) => mail.subject?.toLowerCase().includes('welcome'));
  expect(welcomed).toHaveLength(joined);
  const outbox = await database.handle.db.selectFrom('email_outbox').select(['status', 'attempts']).execute();
  expect(outbox).toHaveLength(joined);
  expect(outbox.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  const leads = await database.handle.db.selectFrom('leads').select('email').execute();
  expect(leads).toHaveLength(joined);
}

/**
 * The per-address budget of public writes counts in the cluster: the writes past it are refused, and its
 * count is the cluster's key.
 */
async function expectBudgetCounted(address: string): Promise<void> {
  for (let i = 0; i < BUDGET; i++) expect((await post('/api/leads', {}, address)).status).toBe(400);
  const refused = await post('/api/leads', {}, address);
  expect(refused.status).toBe(429);
  expect(await redis.get(budgetKey(address))).toBe(String(BUDGET + 1));
}

let addresses = 0;
/** A fresh client address, whose budget is counted on the primary at `port` if given. */
async function addressServedBy(port?: number): Promise<string> {
  const slots = port === undefined ? undefined : (await cluster.nodes()).find((node) => node.port === port)!.slots;
  for (;;) {
    const address = `10.2.${addresses >> 8}.${addresses++ & 255}`;
    if (!slots) return address;
    const slot = Number(await redis.call('CLUSTER', 'KEYSLOT', budgetKey(address)));
    if (slots.some(([from, to]) => slot >= from && slot <= to)) return address;
  }
}

function budgetKey(address: string): string {
  return `${keyPrefix(prefix)}:rate-limit:public-write-budget:${address}`;
}

function post(path: string, body: unknown, address: string): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}
