/**
 * Two API processes append to the same streams at once: joins to the waitlist, the same address joining or
 * subscribing on both, views of one app. Nothing is lost or doubled; conflicts are retried (a decision made
 * again on the new state) or reported as 409 with a clear message.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDecider } from '../../src/catalogue/app/app.decider.js';
import { appStream } from '../../src/catalogue/app/app.events.js';
import { DEMO_CATALOGUE } from '../../src/catalogue/demo/demo-catalogue.js';
import { openDatabase } from '../../src/shared/db/database.js';
import { CONCURRENCY_MESSAGE } from '../../src/shared/event-store/concurrency.error.js';
import { decideAndAppend } from '../../src/shared/event-store/decider.js';
import { EventStore } from '../../src/shared/event-store/event-store.js';
import { startServerProcess, type ServerProcess } from '../../src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../../src/shared/testing/test-database.js';
import { eventually } from '../../src/shared/testing/eventually.js';
import { call, PROCESS_ENV, viewApp } from './fault-helpers.js';

const prefix = uniqueName('unsheet-fault');
let database: TestDatabase;
let apis: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const env = { ...PROCESS_ENV, DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
  // Started together: both migrate and seed the demo catalogue at once, which must work too.
  apis = await Promise.all([startServerProcess(env), startServerProcess({ ...env, RUN_WORKERS: 'false' })]);
}, 120_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await Promise.all([database?.drop(), clearRedisPrefix(prefix)]);
});

/**
 * `n` requests, alternating between the two processes, all at once. Joins queue on one lock, so on a busy
 * machine the last of them may wait a while: the timeout only tells a hang from a queue.
 */
function onBoth(n: number, path: (i: number) => string, body: (i: number) => unknown) {
  return Promise.all(Array.from({ length: n }, (_, i) => call(`${apis[i % 2]!.url}${path(i)}`, 'POST', body(i), { timeoutMs: 60_000 })));
}

describe('two API processes appending to the same streams', () => {
  it('gives concurrent joins distinct, consecutive positions, and one address one lead', async () => {
    const joins = await onBoth(
      30,
      () => '/api/leads',
      (i) => ({ email: `lead-${i}@example.com` }),
    );
    expect(joins.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(joins.map((a) => a.body.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const same = await onBoth(
      6,
      () => '/api/leads',
      () => ({ email: 'Same@Example.com' }),
    );
    // One lead, at 31. The others were not its browser: each was told what a newcomer would be, a position of
    // its own (used up), never the address's own place.
    expect(same.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(same.map((a) => a.body.position).sort((a, b) => a - b)).toEqual([31, 32, 33, 34, 35, 36]);
    const { rows: lead } = await sql<{ waitlist_position: number; referral_code: string }>`
      select waitlist_position, referral_code from leads where email = 'same@example.com'`.execute(database.handle.db);
    expect(lead).toEqual([{ waitlist_position: 31, referral_code: expect.any(String) }]);
    for (const answer of same.filter((a) => a.body.refCode === lead[0]!.referral_code)) expect(answer.body.position).toBe(31);

    const { rows } = await sql<{ n: number; versions: number[] }>`
      select count(*)::int as n, array_agg(stream_version order by stream_version) as versions
      from events where stream_id = 'waitlist'`.execute(database.handle.db);
    expect(rows[0]).toEqual({ n: 36, versions: Array.from({ length: 36 }, (_, i) => i + 1) });
  });

  it('subscribes an address once, and issues it one referral code, when both processes are asked at once', async () => {
    const subscriptions = await onBoth(
      6,
      () => '/api/newsletter/subscriptions',
      () => ({ email: 'news@example.com' }),
    );
    // Each is answered alike (nothing tells who is on the list); the log below shows the one write.
    expect(subscriptions.map((a) => a.status)).toEqual(Array(6).fill(201));
    const codes = await onBoth(
      6,
      () => '/api/referral-codes',
      () => ({ email: 'sharer@example.com' }),
    );
    expect(codes.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(codes.map((a) => a.body.code)).size).toBe(1);
    const { rows } = await sql<{ type: string; n: number }>`
      select type, count(*)::int as n from events where type in ('NewsletterSubscribed', 'ReferralCodeIssued')
      group by type order by type`.execute(database.handle.db);
    expect(rows).toEqual([
      { type: 'NewsletterSubscribed', n: 1 },
      { type: 'ReferralCodeIssued', n: 1 },
    ]);
  });

  it('counts every view sent to either process', async () => {
    const appId = DEMO_CATALOGUE[0]!.id;
    const views = await Promise.all(Array.from({ length: 60 }, (_, i) => viewApp(apis[i % 2]!.url, appId, { timeoutMs: 60_000 })));
    expect(views.map((a) => a.status)).toEqual(Array(60).fill(202));
    await eventually(
      async () => {
        const row = await database.handle.db.selectFrom('app_views').select('views').where('app_id', '=', appId).executeTakeFirst();
        return row?.views === 60;
      },
      { timeout: 30_000 },
    );
  });

  it('retries a decision that lost a race (every change lands), and reports a stale version as 409', async () => {
    // Two event stores on two connection pools: two processes as far as the database can tell.
    const [first, second] = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, dataDir: '.data', migrate: false })));
    try {
      const stores = [new EventStore(first!.db), new EventStore(second!.db)];
      const app = DEMO_CATALOGUE[1]!;
      const descriptions = Array.from({ length: 6 }, (_, i) => `Description ${i}`);
      // One change from each process at a time, three times over.
      for (let i = 0; i < descriptions.length; i += 2) {
        await Promise.all(
          [0, 1].map((p) =>
            decideAndAppend(stores[p]!, appStream(app.id), appDecider, {
              type: 'UpdateApp',
              id: app.id,
              changes: { description: descriptions[i + p]! },
            }),
          ),
        );
      }
      const updates = (await stores[0]!.readStream(appStream(app.id))).filter((e) => e.type === 'AppUpdated');
      expect(updates.map((e) => (e.data as { changes: { description: string } }).changes.description).sort()).toEqual(descriptions);

      const version = await stores[0]!.streamVersion(appStream(app.id));
      const stale = stores[1]!.append(appStream(app.id), [{ type: 'AppDeactivated', data: { id: app.id } }], version - 1);
      await expect(stale).rejects.toMatchObject({ status: 409, code: 'EVENT_STORE.CONCURRENCY', message: CONCURRENCY_MESSAGE });
    } finally {
      await Promise.all([first?.close(), second?.close()]);
    }
  });
});
