/**
 * The visitor id is whatever the anonymous tracker sends, so one id can hold thousands of sessions. A batch's
 * work must not grow with them: a batch of sessions of a visitor holding 5,000 reads about as many rows as the
 * same batch of a new visitor, and the facts and rollups are still exactly what all the rows give.
 */
import { BROWSER_UA } from '../testing/tracker-events.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { EPOCH, ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type { VisitEvent } from '../analytics.events.js';
import { visitsProjection } from './visits.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const db = () => testDb.handle.db;
const spec = ProjectionSpecification.for<VisitEvent>(visitsProjection, db);

const uuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HEAVY = uuid(2, 1);
const DAY = Date.parse('2026-05-04T00:00:00Z');

/** A session of `visitorId` starting `minute` minutes into the day, with one page view. */
function visit(n: number, visitorId: string | null, minute: number): VisitEvent[] {
  const sessionId = uuid(1, n);
  const at = new Date(DAY + minute * 60_000).toISOString();
  const none = { source: null, medium: null, campaign: null, term: null, content: null };
  return [
    {
      type: 'AnalyticsSessionStarted',
      data: {
        key: `start-${sessionId}`,
        sessionId,
        visitorId,
        at,
        url: 'https://unsheet.test/',
        referrer: null,
        utm: none,
        clickIds: { gclid: null, msclkid: null, fbclid: null },
        parsedReferrer: null,
        trafficType: 'direct',
        campaignSource: null,
        ipHash: null,
        userAgent: BROWSER_UA,
        browser: 'Firefox',
        os: 'Linux',
        deviceType: 'desktop',
      },
    },
    {
      type: 'AnalyticsPageViewed',
      data: {
        key: `view-${sessionId}`,
        sessionId,
        pageViewId: uuid(3, n),
        at,
        url: 'https://unsheet.test/',
        title: 'Home',
        referrer: null,
        potentialKeywords: [],
      },
    },
  ];
}

let position = 1_000_000;
const recorded = (events: VisitEvent[]) =>
  events.map((event) => {
    position += 1;
    return {
      ...event,
      metadata: {},
      globalPosition: position,
      streamId: `visit-${event.data.sessionId}`,
      streamVersion: null,
      transactionId: String(position),
      createdAt: new Date(EPOCH.getTime() + position),
    } as unknown as RecordedEvent<VisitEvent>;
  });

const TABLES = ['user_sessions', 'page_views', 'app_interactions', 'analytics_session_facts'];

/** Rows the transaction has read so far from the sessions' tables and their indexes (scanned or fetched). */
async function rowsRead(trx: Trx): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::int as n
    from pg_class c
    where c.oid = any(${TABLES}::regclass[]) or c.oid in (select indexrelid from pg_index where indrelid = any(${TABLES}::regclass[]))`.execute(
    trx,
  );
  return rows[0]!.n;
}

/** Handles one batch as the projector would, and answers how many rows of the sessions' tables it read. */
async function readsOf(events: VisitEvent[]): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // The plans of tables of a live site's size, where a batch's few rows are found by index, not by a scan.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_hashjoin = off`.execute(trx);
      await sql`set local enable_mergejoin = off`.execute(trx);
      const before = await rowsRead(trx);
      await visitsProjection.handle(trx, recorded(events), { partition: 0 });
      return (await rowsRead(trx)) - before;
    });
}

/** The facts every session has from all the rows at once: its place among all its visitor's sessions. */
async function factsFromRows() {
  const { rows } = await sql`
    select session_id, visitor_id, start_time,
      case when visitor_id is null then null else lag(start_time) over w end as prev_start,
      visitor_id is not null and row_number() over w = 2 as second
    from user_sessions window w as (partition by visitor_id order by start_time, session_id)
    order by session_id`.execute(db());
  return rows;
}

const factsKept = async () =>
  (await sql`select session_id, visitor_id, start_time, prev_start, second from analytics_session_facts order by session_id`.execute(db()))
    .rows;

/** The facts every session has from the rows, and the rollups' session counters the sum of the facts. */
async function expectFactsOfTheRows(): Promise<void> {
  expect(await factsKept()).toEqual(await factsFromRows());
  const { rows } = await sql<Record<string, string>>`
    select
      (select row(sum(sessions), sum(visitor_sessions), sum(first_sessions))::text from analytics_session_rollups) as sessions,
      (select row(count(*), count(visitor_id), count(*) filter (where visitor_id is not null and prev_start is null))::text
       from analytics_session_facts) as sessions_of_facts,
      (select row(sum(pairs), sum(second_pairs))::text from analytics_return_pairs where fine_p and fine_q) as pairs,
      (select row(count(prev_start), count(*) filter (where prev_start is not null and second))::text
       from analytics_session_facts) as pairs_of_facts`.execute(db());
  const counted = rows[0]!;
  expect(counted['sessions']).toBe(counted['sessions_of_facts']);
  expect(counted['pairs']).toBe(counted['pairs_of_facts']);
}

const SESSIONS_PER_BATCH = 50;
const batchOf = (first: number, visitorId: string | null, minuteOf: (n: number) => number) =>
  Array.from({ length: SESSIONS_PER_BATCH }, (_, i) => visit(first + i, visitorId, minuteOf(first + i))).flat();

describe('rollups of a visitor id holding thousands of sessions', () => {
  const history = Array.from({ length: 5000 }, (_, n) => visit(n, HEAVY, n % 1440)).flat();

  beforeAll(async () => {
    const batches: VisitEvent[][] = [];
    for (let i = 0; i < history.length; i += 1000) batches.push(history.slice(i, i + 1000));
    await spec.given(...batches).tables();
    // As autovacuum would have by then: the planner knows the tables' sizes.
    await sql`analyze`.execute(db());
  }, 120_000);

  it('costs a batch of its sessions about what the same batch costs for a new visitor', async () => {
    // A new visitor's batch: the cost of the batch alone.
    const alone = await readsOf(batchOf(100_000, uuid(2, 2), (n) => n % 1440));
    const reads: number[] = [];
    const started = performance.now();
    // 3,000 more sessions of the visitor holding 5,000: some before, between (on the same minutes) and after its others.
    for (let first = 5000; first < 8000; first += SESSIONS_PER_BATCH) {
      reads.push(await readsOf(batchOf(first, HEAVY, (n) => (n * 7) % 1500)));
    }
    console.log(
      `3,000 sessions in batches of ${SESSIONS_PER_BATCH} onto a visitor id holding 5,000: ${((performance.now() - started) / 1000).toFixed(2)} s, ` +
        `${Math.min(...reads)}–${Math.max(...reads)} rows read a batch (${alone} for a new visitor's batch)`,
    );
    expect(Math.max(...reads)).toBeLessThan(2 * alone + 100);
    await expectFactsOfTheRows();
  }, 300_000);

  it('keeps every session its place when sessions move between visitors and in time', async () => {
    // Sessions of the heavy visitor sent again under another visitor id, or none, or at another time.
    const moved = Array.from({ length: 40 }, (_, i) => {
      const n = i * 97;
      const to = [uuid(2, 2), null, HEAVY][i % 3]!;
      return visit(n, to, i % 3 === 2 ? 2000 + i : n % 1440)[0]!;
    });
    for (let i = 0; i < moved.length; i += 7) await readsOf(moved.slice(i, i + 7));
    await expectFactsOfTheRows();
  });
});
