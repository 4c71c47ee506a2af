import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { EventStore, START, streamPartition } from '../event-store/event-store.js';
import { createKernel } from '../kernel.js';
import { countingProjection, createCountsTable, readCounts } from '../testing/counting-projection.js';
import { clearRedisPrefix, createTestDatabase, silentLogger, testConfig, type TestDatabase } from '../testing/test-database.js';
import { eventually } from '../testing/eventually.js';
import { checkpointNames, ProjectionRunner } from './projection-runner.js';
import type { Projection } from './projection.js';

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

/**
 * A projection in `of` partitions that records every event it is handed, in the order it is handed them:
 * the partition, the stream and the log position.
 */
async function partitioned(of: number, batchSize = 10) {
  const id = `p${++tableNo}`;
  const table = `applied_${id}`;
  const type = `Visit_${id}`;
  await sql`create table ${sql.table(table)} (seq bigserial primary key, partition int not null, stream_id text not null,
            position bigint not null unique)`.execute(testDb.handle.db);
  const projection: Projection = {
    name: `record-${id}`,
    mode: 'async',
    handles: [type],
    tables: [table],
    partitions: of,
    async handle(trx, events, { partition }) {
      for (const event of events) {
        await sql`insert into ${sql.table(table)} (partition, stream_id, position)
                  values (${partition}, ${event.streamId}, ${event.globalPosition})`.execute(trx);
      }
    },
  };
  const runner = new ProjectionRunner(testDb.handle.db, [projection], { batchSize });
  const store = new EventStore(testDb.handle.db);
  /** Appends `batches` batches, each with `perStream` events of every one of `streams` streams, interleaved. */
  const appendInterleaved = async (streams: string[], batches: number, perStream: number) => {
    for (let b = 0; b < batches; b++) {
      const events = Array.from({ length: perStream }, () => streams.map((streamId) => ({ streamId, type, data: {} }))).flat();
      await store.appendUnversioned(events);
    }
  };
  const applied = async () =>
    (
      await sql<{ partition: number; stream_id: string; position: number }>`
        select partition, stream_id, position::int from ${sql.table(table)} order by seq`.execute(testDb.handle.db)
    ).rows;
  /** Each stream's partition as the log's hash gives it. */
  const partitionOf = async (streams: string[]) => {
    const { rows } = await sql<{ stream_id: string; partition: number }>`
      select s as stream_id, ${streamPartition(sql`s`, of)} as partition from unnest(${streams}::text[]) as s`.execute(testDb.handle.db);
    return new Map(rows.map((row) => [row.stream_id, row.partition]));
  };
  const positions = async (streams: string[]) => {
    const { rows } = await sql<{ stream_id: string; p: number }>`
      select stream_id, global_position::int as p from events where stream_id = any(${streams}) order by global_position`.execute(
      testDb.handle.db,
    );
    return rows;
  };
  return { id, type, table, projection, runner, store, appendInterleaved, applied, partitionOf, positions };
}

/**
 * catchUp until every partition has passed the newest event: a catch-up read stops below the oldest
 * transaction still running anywhere on the server (other tests' included), so one pass may stop short.
 */
async function drain(runner: ProjectionRunner, projection: Projection): Promise<number> {
  const { rows } = await sql<{ p: number }>`select max(global_position)::int as p from events`.execute(testDb.handle.db);
  let applied = 0;
  for (;;) {
    applied += await runner.catchUp(projection.name);
    const at = await Promise.all(Array.from({ length: projection.partitions ?? 1 }, (_, p) => runner.checkpoint(projection.name, p)));
    if (at.every((position) => position.globalPosition >= rows[0]!.p)) return applied;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const streamsOf = (id: string, n: number) => Array.from({ length: n }, (_, i) => `session-${id}-${i}`);

describe('ProjectionRunner under a stream of wake-ups', () => {
  /** A counting projection that also notes when each of its batches is applied. */
  async function timedSetup(passIntervalMs: number, batchSize = 10) {
    const base = await setup(batchSize);
    const batches: number[] = [];
    const projection: Projection = {
      ...base.projection,
      async handle(trx, events, context) {
        batches.push(performance.now());
        await base.projection.handle(trx, events, context);
      },
    };
    const runner = new ProjectionRunner(testDb.handle.db, [projection], { batchSize, passIntervalMs });
    return { ...base, projection, runner, batches };
  }

  it('starts a pass no sooner than the pass interval after the last one started', async () => {
    const { runner, store, counts, projection, batches, A } = await timedSetup(300, 100_000);
    const started = performance.now();
    await store.appendUnversioned([{ streamId: 'w-1', type: A, data: {} }]);
    await runner.catchUp(projection.name); // the first wake-up after a quiet while: at once
    expect(batches[0]! - started).toBeLessThan(300);
    await store.appendUnversioned([{ streamId: 'w-2', type: A, data: {} }]);
    await runner.catchUp(projection.name);
    // Wake-ups during a pass are folded into one more pass, after the interval too.
    const third = runner.catchUp(projection.name);
    await store.appendUnversioned([{ streamId: 'w-3', type: A, data: {} }]);
    void runner.catchUp(projection.name);
    await third;
    await eventually(async () => expect(await counts()).toEqual({ [A]: 3 }));
    // A batch per pass (the window is larger than the log), each pass at least the interval after the last.
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < batches.length; i++) expect(batches[i]! - batches[i - 1]!).toBeGreaterThanOrEqual(295);
  });

  it('works a backlog off without pausing: a full window is followed at once', async () => {
    const { runner, store, counts, projection, batches, A } = await timedSetup(2_000, 10);
    await store.appendUnversioned(Array.from({ length: 45 }, (_, i) => ({ streamId: `b-${i}`, type: A, data: {} })));
    const started = performance.now();
    await runner.catchUp(projection.name);
    expect(await counts()).toEqual({ [A]: 45 });
    expect(batches.length).toBeGreaterThanOrEqual(5);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('ProjectionRunner, a projection in partitions', () => {
  it('hands every event of a stream to one partition, the one its hash gives, in log order, across batches', async () => {
    const { id, runner, projection, appendInterleaved, applied, partitionOf, positions } = await partitioned(3, 7);
    const streams = streamsOf(id, 30);
    await appendInterleaved(streams, 4, 2); // each stream's events spread over 4 appends and many windows

    expect(await drain(runner, projection)).toBe(30 * 4 * 2);
    const rows = await applied();
    const expected = await partitionOf(streams);
    expect(new Set(expected.values()).size).toBe(3); // every partition has streams to apply
    for (const row of rows) expect(row.partition).toBe(expected.get(row.stream_id));
    // Each stream's events were applied in the order of the log, each once.
    const log = await positions(streams);
    for (const stream of streams) {
      expect(rows.filter((r) => r.stream_id === stream).map((r) => r.position)).toEqual(
        log.filter((r) => r.stream_id === stream).map((r) => r.p),
      );
    }
  });

  it('keeps a checkpoint and a lock per partition: one partition runs while another is held', async () => {
    const { id, runner, projection, appendInterleaved, applied, partitionOf } = await partitioned(2, 100);
    const streams = streamsOf(id, 8);
    await appendInterleaved(streams, 1, 3);
    const expected = await partitionOf(streams);
    const { rows: head } = await sql<{ p: number }>`select max(global_position)::int as p from events`.execute(testDb.handle.db);

    // Another runner holds partition 0 (its lock is the checkpoint's name, as the runner takes it).
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`projection:${projection.name}#0/2`]);
      expect(await runner.processBatch(projection.name, 0)).toBe('busy');
      let appliedByOne = 0;
      while ((await runner.checkpoint(projection.name, 1)).globalPosition < head[0]!.p) {
        const batch = await runner.processBatch(projection.name, 1);
        if (batch === 'busy') throw new Error('partition 1 was locked too');
        appliedByOne += batch.applied;
      }
      expect(appliedByOne).toBe([...expected.values()].filter((p) => p === 1).length * 3);
      expect((await applied()).every((row) => row.partition === 1)).toBe(true);
      expect((await runner.checkpoint(projection.name, 1)).globalPosition).toBe(head[0]!.p);
      expect(await runner.checkpoint(projection.name, 0)).toEqual(START);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await drain(runner, projection)).toBe([...expected.values()].filter((p) => p === 0).length * 3);
    expect((await runner.checkpoint(projection.name, 0)).globalPosition).toBe(head[0]!.p);
    const { rows } = await sql<{ name: string }>`
      select name from projection_checkpoints where name like ${`${projection.name}%`} order by name`.execute(testDb.handle.db);
    expect(rows.map((r) => r.name)).toEqual([`${projection.name}#0/2`, `${projection.name}#1/2`]);
    expect(checkpointNames(projection)).toEqual([`${projection.name}#0/2`, `${projection.name}#1/2`]);
    await expect(runner.processBatch(projection.name, 2)).rejects.toThrow(`Projection "${projection.name}" has no partition 2 (it has 2)`);
  });

  it('gives the same tables with two runners in separate processes as with one, and a rebuild gives them again', async () => {
    const { id, projection, appendInterleaved, applied, store, type } = await partitioned(4, 15);
    const second = await openDatabase({ url: testDb.url, dataDir: '.data', migrate: false });
    try {
      const runners = [
        new ProjectionRunner(testDb.handle.db, [projection], { batchSize: 15 }),
        new ProjectionRunner(second.db, [projection], { batchSize: 15 }),
      ];
      const streams = streamsOf(id, 20);
      let writing = true;
      const projecting = runners.map(async (runner) => {
        while (writing) {
          await runner.catchUp(projection.name);
          await new Promise((resolve) => setTimeout(resolve, 2)); // a poll interval
        }
      });
      await appendInterleaved(streams, 10, 2);
      await store.appendUnversioned([{ streamId: streams[0]!, type, data: {} }]);
      writing = false;
      await Promise.all(projecting);
      await drain(runners[1]!, projection);
      const live = await applied();
      expect(live.length).toBe(20 * 10 * 2 + 1);
      // Every event once, and within a stream in log order: the tables one runner gives.
      const byStream = (rows: typeof live) =>
        Object.fromEntries(streams.map((s) => [s, rows.filter((r) => r.stream_id === s).map((r) => [r.partition, r.position])]));
      const table = projection.tables[0]!;
      await sql`truncate ${sql.table(table)}`.execute(testDb.handle.db);
      await sql`delete from projection_checkpoints where name like ${`${projection.name}#%`}`.execute(testDb.handle.db);
      await drain(new ProjectionRunner(testDb.handle.db, [projection], { batchSize: 15 }), projection);
      const single = await applied();
      expect(byStream(live)).toEqual(byStream(single));

      const checkpoints = await Promise.all([0, 1, 2, 3].map((p) => runners[0]!.checkpoint(projection.name, p)));
      expect(await runners[0]!.rebuild(projection.name)).toBe(20 * 10 * 2 + 1);
      const rebuilt = await applied();
      expect(byStream(rebuilt)).toEqual(byStream(single));
      // A rebuild is deterministic: partition after partition, each in log order.
      expect(await runners[0]!.rebuild(projection.name)).toBe(20 * 10 * 2 + 1);
      expect((await applied()).map(({ partition, stream_id, position }) => [partition, stream_id, position])).toEqual(
        rebuilt.map(({ partition, stream_id, position }) => [partition, stream_id, position]),
      );
      expect(await Promise.all([0, 1, 2, 3].map((p) => runners[0]!.checkpoint(projection.name, p)))).toEqual(checkpoints);
      expect(await runners[0]!.catchUp(projection.name)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('starts a different number of partitions from checkpoints of their own, and a rebuild drops the old ones', async () => {
    const { id, projection, appendInterleaved, applied } = await partitioned(2, 50);
    await appendInterleaved(streamsOf(id, 6), 2, 1);
    const two = new ProjectionRunner(testDb.handle.db, [projection], { batchSize: 50 });
    expect(await drain(two, projection)).toBe(12);
    const three = new ProjectionRunner(testDb.handle.db, [{ ...projection, partitions: 3 }], { batchSize: 50 });
    expect(await three.rebuild(projection.name)).toBe(12);
    expect((await applied()).length).toBe(12);
    const { rows } = await sql<{ name: string }>`
      select name from projection_checkpoints where name like ${`${projection.name}%`} order by name`.execute(testDb.handle.db);
    expect(rows.map((r) => r.name)).toEqual([0, 1, 2].map((p) => `${projection.name}#${p}/3`));
  });

  it('refuses partitions it cannot run', () => {
    const base = countingProjection('bad', ['Bad'], 'bad_counts');
    expect(() => new ProjectionRunner(testDb.handle.db, [{ ...base, partitions: 0 }], { batchSize: 10 })).toThrow(
      'Projection "bad": partitions must be a positive integer',
    );
    expect(() => new ProjectionRunner(testDb.handle.db, [{ ...base, mode: 'inline', partitions: 2 }], { batchSize: 10 })).toThrow(
      'Projection "bad": only async projections are partitioned',
    );
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
