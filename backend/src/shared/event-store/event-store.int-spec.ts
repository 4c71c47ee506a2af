import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../projections/projection.js';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../testing/test-database.js';
import { ConcurrencyError } from './concurrency.error.js';
import { catchUpWindow, EventStore, readCommittedAfter, START } from './event-store.js';

let testDb: TestDatabase;
const woken: string[][] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

function store(inline: Projection[] = []) {
  return new EventStore(testDb.handle.db, inline, (types) => woken.push([...types]));
}

async function countEvents(streamId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${streamId}`.execute(testDb.handle.db);
  return rows[0]!.n;
}

describe('EventStore.append', () => {
  it('appends to a new stream and reads it back in order, with metadata and a transaction id', async () => {
    const events = store();
    const result = await events.append(
      'order-1',
      [
        { type: 'OrderPlaced', data: { total: 10 } },
        { type: 'OrderPaid', data: { method: 'card' }, metadata: { causationId: 'c-2' } },
      ],
      0,
      { correlationId: 'corr-1', userId: 'user-1' },
    );
    expect(result.nextExpectedVersion).toBe(2);

    const stream = await events.readStream('order-1');
    expect(stream.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
      ['OrderPlaced', 1, { total: 10 }],
      ['OrderPaid', 2, { method: 'card' }],
    ]);
    expect(stream[1]!.metadata).toEqual({ correlationId: 'corr-1', userId: 'user-1', causationId: 'c-2' });
    expect(stream[0]!.transactionId).toBe(stream[1]!.transactionId);
    expect(stream[0]!.globalPosition).toBeLessThan(stream[1]!.globalPosition);
    expect(stream[0]!.createdAt).toBeInstanceOf(Date);
    expect(woken.at(-1)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('continues a stream at the expected version', async () => {
    const events = store();
    const first = await events.append('order-2', [{ type: 'OrderPlaced', data: {} }], 0);
    const second = await events.append('order-2', [{ type: 'OrderPaid', data: {} }], first.nextExpectedVersion);
    expect(second.nextExpectedVersion).toBe(2);
    expect(await events.streamVersion('order-2')).toBe(2);
  });

  it('raises a typed concurrency error on a stale expected version and writes nothing', async () => {
    const events = store();
    await events.append('order-3', [{ type: 'OrderPlaced', data: {} }], 0);
    const stale = events.append('order-3', [{ type: 'OrderPaid', data: {} }], 0);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ code: 'EVENT_STORE.CONCURRENCY', status: 409, actualVersion: 1 });
    expect(await countEvents('order-3')).toBe(1);
  });

  it('lets exactly one of several concurrent writers at the same version win', async () => {
    const events = store();
    await events.append('order-4', [{ type: 'OrderPlaced', data: {} }], 0);
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => events.append('order-4', [{ type: 'OrderPaid', data: { i } }], 1)),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const failed of attempts.filter((a) => a.status === 'rejected')) {
      expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await countEvents('order-4')).toBe(2);
  });

  it("appends after whatever is there with 'any'", async () => {
    const events = store();
    await Promise.all(Array.from({ length: 3 }, () => events.append('log-1', [{ type: 'Noted', data: {} }], 'any')));
    const versions = (await events.readStream('log-1')).map((e) => e.streamVersion);
    expect(versions).toEqual([1, 2, 3]);
  });

  it('runs inline projections in the append transaction: a failing projection writes nothing', async () => {
    await sql`create table inline_seen (id text primary key)`.execute(testDb.handle.db);
    const inline: Projection = {
      name: 'inline-seen',
      mode: 'inline',
      handles: ['Seen'],
      tables: ['inline_seen'],
      async handle(trx, batch) {
        for (const event of batch) {
          const { id } = event.data as { id: string };
          if (id === 'boom') throw new Error('projection failed');
          await sql`insert into inline_seen (id) values (${id})`.execute(trx);
        }
      },
    };
    const events = store([inline]);
    await events.append(
      'seen-1',
      [
        { type: 'Seen', data: { id: 'a' } },
        { type: 'Other', data: {} },
      ],
      0,
    );
    await expect(events.append('seen-2', [{ type: 'Seen', data: { id: 'boom' } }], 0)).rejects.toThrow('projection failed');

    const { rows } = await sql<{ id: string }>`select id from inline_seen`.execute(testDb.handle.db);
    expect(rows).toEqual([{ id: 'a' }]);
    expect(await countEvents('seen-2')).toBe(0);
  });
});

describe('EventStore.startStreamsInTransaction', () => {
  it("starts several new streams in one statement of the caller's transaction, each at version 1", async () => {
    const events = store();
    const recorded = await testDb.handle.db.transaction().execute((trx) =>
      events.startStreamsInTransaction(trx, [
        { streamId: 'conversion-a', events: [{ type: 'Converted', data: { n: 1 } }] },
        {
          streamId: 'conversion-b',
          events: [
            { type: 'Converted', data: { n: 2 } },
            { type: 'Confirmed', data: {} },
          ],
        },
      ]),
    );
    expect(recorded.map((e) => [e.streamId, e.streamVersion, e.type])).toEqual([
      ['conversion-a', 1, 'Converted'],
      ['conversion-b', 1, 'Converted'],
      ['conversion-b', 2, 'Confirmed'],
    ]);
    expect(new Set(recorded.map((e) => e.transactionId)).size).toBe(1);
  });

  it('refuses them all with a concurrency error when one stream exists, and writes nothing', async () => {
    const events = store();
    await events.append('conversion-taken', [{ type: 'Converted', data: {} }], 0);
    const attempt = testDb.handle.db.transaction().execute((trx) =>
      events.startStreamsInTransaction(trx, [
        { streamId: 'conversion-fresh', events: [{ type: 'Converted', data: {} }] },
        { streamId: 'conversion-taken', events: [{ type: 'Converted', data: {} }] },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await countEvents('conversion-fresh')).toBe(0);
    expect(await countEvents('conversion-taken')).toBe(1);
  });
});

describe('EventStore.appendUnversioned', () => {
  it('writes a batch across streams in one statement, without versions', async () => {
    const events = store();
    const batch = Array.from({ length: 100 }, (_, i) => ({
      streamId: `session-${i % 7}`,
      type: 'PageViewed',
      data: { n: i },
    }));
    expect(await events.appendUnversioned(batch)).toBe(100);
    expect(woken.at(-1)).toEqual(['PageViewed']);
    const { rows } = await sql<{ transactions: number; versions: number }>`
      select count(distinct transaction_id)::int as transactions, count(stream_version)::int as versions
      from events where type = 'PageViewed'`.execute(testDb.handle.db);
    expect(rows[0]).toEqual({ transactions: 1, versions: 0 });
    const session3 = await events.readStream('session-3');
    expect(session3.every((e) => e.streamVersion === null)).toBe(true);
    expect(session3.map((e) => (e.data as { n: number }).n)).toEqual([3, 10, 17, 24, 31, 38, 45, 52, 59, 66, 73, 80, 87, 94]);
  });
});

describe('EventStore.appendUnversioned with an inline projection', () => {
  it('runs the projection in the same transaction', async () => {
    await sql`create table inline_views (n integer not null)`.execute(testDb.handle.db);
    const inline: Projection = {
      name: 'inline-views',
      mode: 'inline',
      handles: ['Viewed'],
      tables: ['inline_views'],
      async handle(trx, batch) {
        await sql`insert into inline_views (n) values (${batch.length})`.execute(trx);
        if (batch.length > 2) throw new Error('too many');
      },
    };
    const events = store([inline]);
    expect(await events.appendUnversioned([1, 2].map(() => ({ streamId: 'v-1', type: 'Viewed', data: {} })))).toBe(2);
    await expect(events.appendUnversioned([1, 2, 3].map(() => ({ streamId: 'v-2', type: 'Viewed', data: {} })))).rejects.toThrow(
      'too many',
    );
    const { rows } = await sql<{ n: number }>`select n from inline_views`.execute(testDb.handle.db);
    expect(rows).toEqual([{ n: 2 }]);
    expect(await countEvents('v-2')).toBe(0);
  });
});

describe('catching up on the log', () => {
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    Plans?: PlanNode[];
  }
  const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

  it('reads a window of the log by index, never the whole events table, however long the log is', async () => {
    const events = store();
    for (let i = 0; i < 10; i++) {
      await events.appendUnversioned(
        Array.from({ length: 1000 }, (_, j) => ({ streamId: `s-${i}-${j}`, type: j % 3 === 0 ? 'Wanted' : 'Other', data: { j } })),
      );
    }
    await sql`analyze events`.execute(testDb.handle.db);

    const compiled = catchUpWindow(START, { types: ['Wanted'], limit: 500 }).compile(testDb.handle.db);
    const { rows } = await testDb.handle.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({
      ...compiled,
      sql: `explain (format json) ${compiled.sql}`,
    });
    const plan = nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
    expect(plan.filter((node) => node['Relation Name'] === 'events').map((node) => node['Node Type'])).toEqual([
      'Index Only Scan',
      'Index Scan',
    ]);

    // And the window is still what readers rely on: positions in order, full rows for the wanted type only.
    const batch = await readCommittedAfter(testDb.handle.db, START, { types: ['Wanted'], limit: 500 });
    expect(batch.scanned).toBe(500);
    expect(batch.events.every((event) => event.type === 'Wanted')).toBe(true);
    expect(batch.events.length).toBeGreaterThan(100);
  });

  it('is not held back by a transaction open in another database, and is by one open in this one', async () => {
    const events = store();
    const newest = async () => {
      const batch = await readCommittedAfter(testDb.handle.db, START, { limit: 100_000 });
      return batch.events.at(-1)?.streamId;
    };
    const elsewhere = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    const here = new pg.Client({ connectionString: testDb.url });
    await Promise.all([elsewhere.connect(), here.connect()]);
    try {
      // A write transaction in another database of the server (it has a transaction id), left open.
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await events.appendUnversioned([{ streamId: 'after-elsewhere', type: 'Wanted', data: {} }]);
      expect(await newest()).toBe('after-elsewhere');

      // One in this database may still append events behind what committed after it: the reader waits.
      await here.query('begin');
      await here.query('select pg_current_xact_id()');
      await events.appendUnversioned([{ streamId: 'after-here', type: 'Wanted', data: {} }]);
      expect(await newest()).toBe('after-elsewhere');
      await here.query('commit');
      expect(await newest()).toBe('after-here');
    } finally {
      await Promise.all([elsewhere.query('rollback'), here.query('rollback')]).catch(() => {});
      await Promise.all([elsewhere.end(), here.end()]);
    }
  });

  it("reads a partition's rows only: the other partitions' events are skipped from the index", async () => {
    const events = store();
    await events.appendUnversioned(
      Array.from({ length: 2000 }, (_, j) => ({ streamId: `p-${j}`, type: j % 2 === 0 ? 'Wanted' : 'Other', data: { j } })),
    );
    await sql`analyze events`.execute(testDb.handle.db);
    const options = { types: ['Wanted'], limit: 1000, partition: { index: 1, of: 4 } };

    const compiled = catchUpWindow(START, options).compile(testDb.handle.db);
    const { rows } = await testDb.handle.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode & { 'Actual Loops': number } }[] }>({
      ...compiled,
      sql: `explain (analyze, format json) ${compiled.sql}`,
    });
    const plan = nodes(rows[0]!['QUERY PLAN'][0]!.Plan) as (PlanNode & { 'Actual Loops': number })[];
    const rowLookups = plan.find((node) => node['Relation Name'] === 'events' && node['Node Type'] === 'Index Scan');

    const batch = await readCommittedAfter(testDb.handle.db, START, options);
    expect(batch.scanned).toBe(1000);
    expect(batch.events.length).toBeGreaterThan(50);
    expect(batch.events.length).toBeLessThan(250);
    // One row lookup per event returned, none for the other partitions' or the other types' events.
    expect(rowLookups?.['Actual Loops']).toBe(batch.events.length);
  });
});
