import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { EventStore } from '../event-store/event-store.js';
import { createKernel } from '../kernel.js';
import { countingProjection, createCountsTable, readCounts } from '../testing/counting-projection.js';
import { clearRedisPrefix, createTestDatabase, silentLogger, testConfig, type TestDatabase } from '../testing/test-database.js';
import { eventually } from '../testing/eventually.js';
import { ProjectionRunner } from './projection-runner.js';

let testDb: TestDatabase;
let tableNo = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

/** A fresh counting projection over its own event types, so tests in this file do not see each other. */
async function setup(batchSize = 100) {
  const id = `t${++tableNo}`;
  const projection = countingProjection(`count-${id}`, [`A_${id}`, `B_${id}`], `counts_${id}`);
  await createCountsTable(testDb.handle.db, `counts_${id}`);
  const runner = new ProjectionRunner(testDb.handle.db, [projection], { batchSize });
  const store = new EventStore(testDb.handle.db);
  const counts = () => readCounts(testDb.handle.db, `counts_${id}`);
  return { id, projection, runner, store, counts, A: `A_${id}`, B: `B_${id}` };
}

async function rawInsert(client: pg.Client, streamId: string, type: string) {
  await client.query(`insert into events (stream_id, stream_version, type, data) values ($1, 1, $2, '{}')`, [streamId, type]);
}

describe('ProjectionRunner', () => {
  it('never skips an event whose transaction commits after a later position', async () => {
    const { runner, counts, A, B, projection } = await setup();
    const early = new pg.Client({ connectionString: testDb.url });
    const late = new pg.Client({ connectionString: testDb.url });
    await Promise.all([early.connect(), late.connect()]);
    try {
      await early.query('begin');
      await rawInsert(early, 'late-commit-1', A); // takes the lower global position
      await late.query('begin');
      await rawInsert(late, 'late-commit-2', B); // takes the higher position…
      await late.query('commit'); // …and commits first

      const { rows } = await late.query<{ global_position: string; type: string }>(
        `select global_position, type from events where stream_id like 'late-commit-%' order by global_position`,
      );
      expect(rows.map((r) => r.type)).toEqual([B]); // the lower position is not visible yet

      // While the earlier transaction is open, the projector must not move past it.
      expect(await runner.catchUp(projection.name)).toBe(0);
      expect(await counts()).toEqual({});

      await early.query('commit');
      expect(await runner.catchUp(projection.name)).toBe(2);
      expect(await counts()).toEqual({ [A]: 1, [B]: 1 });
    } finally {
      await Promise.all([early.end(), late.end()]);
    }
  });

  it('sees every event when many writers commit out of order while it runs', async () => {
    const { runner, counts, store, A, B, projection } = await setup(50);
    const writers = 16;
    const perWriter = 20;
    let writing = true;
    // A runner polling while the writers commit; the pause is its poll interval, not a wait for anything.
    const projecting = (async () => {
      while (writing) {
        await runner.catchUp(projection.name);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          // Hold the transaction open for a random while after taking a position, so commits interleave.
          await testDb.handle.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('events')
              .values({ stream_id: `load-${w}`, stream_version: i + 1, type: i % 2 ? A : B, data: '{}', metadata: '{}' })
              .execute();
            await sql`select pg_sleep(${Math.random() / 100})`.execute(trx);
          });
        }
      }),
    );
    await store.append(`load-final`, [{ type: A, data: {} }], 0);
    writing = false;
    await projecting;
    await runner.catchUp(projection.name);
    const total = writers * perWriter + 1;
    expect(await counts()).toEqual({ [A]: total / 2 + 0.5, [B]: total / 2 - 0.5 });
  });

  it('is idempotent: running again from the checkpoint, or a repeated wake-up, changes nothing', async () => {
    const { runner, counts, store, A, B, projection } = await setup(10);
    await store.append(
      'idem-1',
      Array.from({ length: 25 }, (_, i) => ({ type: i % 5 ? A : B, data: {} })),
      0,
    );
    expect(await runner.catchUp(projection.name)).toBe(25);
    const once = await counts();
    expect(once).toEqual({ [A]: 20, [B]: 5 });

    expect(await runner.processBatch(projection.name)).toEqual({ applied: 0, scanned: 0 });
    await Promise.all([runner.catchUp(projection.name), runner.catchUp(projection.name)]);
    expect(await counts()).toEqual(once);
    expect((await runner.checkpoint(projection.name)).globalPosition).toBeGreaterThan(0);
  });

  it('rolls a failed batch back together with its checkpoint, then applies it exactly once', async () => {
    const { runner, counts, store, A, projection } = await setup();
    await store.append(
      'fail-1',
      [
        { type: A, data: {} },
        { type: A, data: {} },
      ],
      0,
    );
    let failNext = true;
    const flaky = {
      ...projection,
      async handle(...args: Parameters<typeof projection.handle>) {
        await projection.handle(...args); // the changes are written…
        if (failNext) {
          failNext = false;
          throw new Error('worker crashed mid-batch'); // …then the batch fails before commit
        }
      },
    };
    const flakyRunner = new ProjectionRunner(testDb.handle.db, [flaky], { batchSize: 100 });
    await expect(flakyRunner.catchUp(flaky.name)).rejects.toThrow('worker crashed mid-batch');
    expect(await counts()).toEqual({});
    expect(await flakyRunner.catchUp(flaky.name)).toBe(2);
    expect(await runner.processBatch(projection.name)).toEqual({ applied: 0, scanned: 0 });
    expect(await counts()).toEqual({ [A]: 2 });
  });

  it('moves past events it does not handle, so a projection of rare events reads each position once', async () => {
    const { runner, counts, store, A, projection } = await setup(10);
    await store.appendUnversioned(Array.from({ length: 35 }, () => ({ streamId: 'noise', type: 'Unrelated', data: {} })));
    await store.append('rare-1', [{ type: A, data: {} }], 0);
    await store.appendUnversioned(Array.from({ length: 12 }, () => ({ streamId: 'noise', type: 'Unrelated', data: {} })));
    const { rows } = await sql<{ p: number }>`select max(global_position)::int as p from events`.execute(testDb.handle.db);

    expect(await runner.catchUp(projection.name)).toBe(1);
    expect(await counts()).toEqual({ [A]: 1 });
    expect((await runner.checkpoint(projection.name)).globalPosition).toBe(rows[0]!.p);
    expect(await runner.processBatch(projection.name)).toEqual({ applied: 0, scanned: 0 });
  });

  it('lets runners in separate processes share a projection without doubling events', async () => {
    const { projection, counts, store, A } = await setup(20);
    const second = await openDatabase({ url: testDb.url, dataDir: '.data', migrate: false });
    try {
      const runners = [
        new ProjectionRunner(testDb.handle.db, [projection], { batchSize: 20 }),
        new ProjectionRunner(second.db, [projection], { batchSize: 20 }),
      ];
      for (let i = 0; i < 10; i++) {
        await store.append(
          `shared-${i}`,
          Array.from({ length: 30 }, () => ({ type: A, data: {} })),
          0,
        );
        await Promise.all(runners.map((r) => r.catchUp(projection.name)));
      }
      await runners[0]!.catchUp(projection.name);
      expect(await counts()).toEqual({ [A]: 300 });
    } finally {
      await second.close();
    }
  });

  it('rebuilds a projection that equals the live one', async () => {
    const { runner, counts, store, A, B, projection } = await setup(7);
    for (let i = 0; i < 5; i++) {
      await store.append(
        `rebuild-${i}`,
        Array.from({ length: 9 }, (_, j) => ({ type: j % 3 ? A : B, data: {} })),
        0,
      );
    }
    await runner.catchUp(projection.name);
    const live = await counts();
    const checkpoint = await runner.checkpoint(projection.name);

    expect(await runner.rebuild(projection.name)).toBe(45);
    expect(await counts()).toEqual(live);
    expect(await runner.checkpoint(projection.name)).toEqual(checkpoint);
    expect(await runner.catchUp(projection.name)).toBe(0);
  });
});

describe('wake-ups through BullMQ on Redis', () => {
  it('brings an async projection up to date shortly after an append, with no poll in between', async () => {
    const config = testConfig({ DATABASE_URL: testDb.url, PROJECTION_POLL_MS: '600000' });
    const projection = countingProjection('count-bullmq', ['Woken'], 'counts_bullmq');
    await createCountsTable(testDb.handle.db, 'counts_bullmq');
    const kernel = await createKernel(config, [projection], silentLogger);
    kernel.workers!.start();
    try {
      await kernel.eventStore.append('wake-1', [{ type: 'Woken', data: {} }], 0);
      await eventually(async () => (await readCounts(kernel.db, 'counts_bullmq')).Woken === 1);
      // A second append while the first wake-up may still be in flight is not lost either.
      await kernel.eventStore.append('wake-1', [{ type: 'Woken', data: {} }], 1);
      await kernel.eventStore.append('wake-2', [{ type: 'Woken', data: {} }], 0);
      await eventually(async () => (await readCounts(kernel.db, 'counts_bullmq')).Woken === 3);
      expect(await kernel.readiness()).toEqual({ database: 'up', redis: 'up' });
    } finally {
      await kernel.close();
      await clearRedisPrefix(config.REDIS_PREFIX);
    }
  });
});
