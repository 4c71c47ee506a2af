import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStore } from '../../shared/event-store/event-store.js';
import { checkpointNames } from '../../shared/projections/projection-runner.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import { visitsProjection } from '../projections/visits.projection.js';
import { IngestBackpressure, LAG_REFRESH_MS, STALLED_MS } from './ingest-backpressure.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const CHECKPOINTS = checkpointNames(visitsProjection);
const config = { ANALYTICS_MAX_LAG_MS: 1000, ANALYTICS_MAX_WAIT_MS: 1500 };
const CLIENT = '203.0.113.7';

/** The log: an event the projection has applied, one logged `seconds` ago that it has not, and one logged now. */
async function projectionBehindBy(seconds: number): Promise<void> {
  const db = testDb.handle.db;
  const store = new EventStore(db);
  await store.appendUnversioned([{ streamId: 'visit-applied', type: 'Unhandled', data: {} }]);
  // Every partition's checkpoint at the applied event.
  for (const name of CHECKPOINTS) {
    await sql`insert into projection_checkpoints (name, transaction_id, global_position)
      select ${name}, transaction_id, global_position from events order by global_position desc limit 1`.execute(db);
  }
  await store.appendUnversioned([{ streamId: 'visit-old', type: 'Unhandled', data: {} }]);
  await sql`update events set created_at = now() - make_interval(secs => ${seconds})
    where global_position = (select max(global_position) from events)`.execute(db);
  await store.appendUnversioned([{ streamId: 'visit-new', type: 'Unhandled', data: {} }]);
}

/** Moves these partitions' checkpoints to the newest event. */
async function caughtUp(checkpoints = CHECKPOINTS): Promise<void> {
  await sql`update projection_checkpoints set (transaction_id, global_position) =
    (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1)
    where name = any(${checkpoints})`.execute(testDb.handle.db);
}

const waited = async (promise: Promise<void>) => {
  const started = performance.now();
  await promise;
  return performance.now() - started;
};

describe('flow control of the analytics ingest', () => {
  beforeEach(async () => {
    await sql`truncate events`.execute(testDb.handle.db);
    await sql`delete from projection_checkpoints`.execute(testDb.handle.db);
  });

  it('lets a batch through at once while the projection is less than the allowed lag behind', async () => {
    await projectionBehindBy(0.5);
    expect(await waited(new IngestBackpressure(testDb.handle.db, config).admit(CLIENT, 50))).toBeLessThan(LAG_REFRESH_MS);
  });

  it('lets the first batch after a quiet while through at once: the lag is the age of the oldest event not applied', async () => {
    const db = testDb.handle.db;
    const store = new EventStore(db);
    await store.appendUnversioned([{ streamId: 'visit-last-hour', type: 'Unhandled', data: {} }]);
    await sql`update events set created_at = now() - interval '1 hour'`.execute(db);
    for (const name of CHECKPOINTS) {
      await sql`insert into projection_checkpoints (name, transaction_id, global_position)
        select ${name}, transaction_id, global_position from events order by global_position desc limit 1`.execute(db);
    }
    await store.appendUnversioned([{ streamId: 'visit-now', type: 'Unhandled', data: {} }]);
    expect(await waited(new IngestBackpressure(db, config).admit(CLIENT, 50))).toBeLessThan(LAG_REFRESH_MS);
  });

  it('lets a batch through at once before the projection has ever run', async () => {
    await new EventStore(testDb.handle.db).appendUnversioned([{ streamId: 'visit-a', type: 'Unhandled', data: {} }]);
    expect(await waited(new IngestBackpressure(testDb.handle.db, config).admit(CLIENT, 50))).toBeLessThan(LAG_REFRESH_MS);
  });

  it('holds a batch while a partition of the projection is further behind, and lets it through once all have caught up', async () => {
    await projectionBehindBy(5);
    const backpressure = new IngestBackpressure(testDb.handle.db, config);
    let admitted = false;
    const admission = backpressure.admit(CLIENT, 50).then(() => (admitted = true));
    await new Promise((resolve) => setTimeout(resolve, 3 * LAG_REFRESH_MS));
    expect(admitted).toBe(false);
    // Every partition but one caught up: the one furthest behind still holds it.
    await caughtUp(CHECKPOINTS.slice(1));
    await new Promise((resolve) => setTimeout(resolve, 3 * LAG_REFRESH_MS));
    expect(admitted).toBe(false);
    await caughtUp();
    await admission;
    expect(admitted).toBe(true);
  });

  it('lets a client that sends less than others through at once while their batches are held', async () => {
    await projectionBehindBy(5);
    const backpressure = new IngestBackpressure(testDb.handle.db, { ...config, ANALYTICS_MAX_WAIT_MS: 10_000 });
    let admitted = 0;
    const flood = Array.from({ length: 20 }, () => backpressure.admit(CLIENT, 50).then(() => (admitted += 1)));
    await new Promise((resolve) => setTimeout(resolve, 3 * LAG_REFRESH_MS));
    expect(admitted).toBe(0);
    // Another visitor's beacons pass, batch after batch, while the flood waits.
    for (let batch = 0; batch < 5; batch++) expect(await waited(backpressure.admit('198.51.100.20', 10))).toBeLessThan(LAG_REFRESH_MS);
    expect(admitted).toBe(0);
    await caughtUp();
    await Promise.all(flood);
    expect(admitted).toBe(20);
  });

  it('holds every client alike while they send alike', async () => {
    await projectionBehindBy(5);
    const backpressure = new IngestBackpressure(testDb.handle.db, config);
    const admitted = new Set<string>();
    const batches = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((client) =>
      backpressure.admit(client, 50).then(() => admitted.add(client)),
    );
    await new Promise((resolve) => setTimeout(resolve, 3 * LAG_REFRESH_MS));
    expect(admitted.size).toBe(0);
    await caughtUp();
    await Promise.all(batches);
    expect(admitted.size).toBe(3);
  });

  it('holds nothing back while the projection is not running (its checkpoint has not moved for a while)', async () => {
    await projectionBehindBy(30);
    const backpressure = new IngestBackpressure(testDb.handle.db, { ...config, ANALYTICS_MAX_WAIT_MS: STALLED_MS * 3 });
    const ms = await waited(backpressure.admit(CLIENT, 50));
    expect(ms).toBeGreaterThanOrEqual(STALLED_MS - 5);
    expect(ms).toBeLessThan(STALLED_MS + 1000);
    // And the next batch goes through at once.
    expect(await waited(backpressure.admit(CLIENT, 50))).toBeLessThan(LAG_REFRESH_MS);
  }, 20_000);

  it('appends a held batch anyway once it has waited ANALYTICS_MAX_WAIT_MS: nothing is dropped', async () => {
    await projectionBehindBy(30);
    const ms = await waited(new IngestBackpressure(testDb.handle.db, config).admit(CLIENT, 50));
    expect(ms).toBeGreaterThanOrEqual(config.ANALYTICS_MAX_WAIT_MS - 5);
    expect(ms).toBeLessThan(config.ANALYTICS_MAX_WAIT_MS + 1000);
  });

  it('is off with ANALYTICS_MAX_LAG_MS=0', async () => {
    await projectionBehindBy(30);
    const off = new IngestBackpressure(testDb.handle.db, { ...config, ANALYTICS_MAX_LAG_MS: 0 });
    expect(await waited(off.admit(CLIENT, 50))).toBeLessThan(LAG_REFRESH_MS);
  });
});
