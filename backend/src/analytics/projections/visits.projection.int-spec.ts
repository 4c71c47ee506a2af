import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../../../contracts/analytics/collect.js';
import { openDatabase } from '../../shared/db/database.js';
import { EventStore, readCommittedAfter, START } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { ProjectionRunner } from '../../shared/projections/projection-runner.js';
import { eventually } from '../../shared/testing/eventually.js';
import { ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, projectionsCaughtUp, type TestDatabase } from '../../shared/testing/test-database.js';
import type {
  AnalyticsAppInteraction,
  AnalyticsPageTimed,
  AnalyticsPageViewed,
  AnalyticsSessionEnded,
  AnalyticsSessionStarted,
  VisitEvent,
} from '../analytics.events.js';
import { parseUserAgent, toVisitEvent } from '../collect/enrich.js';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../testing/tracker-events.js';
import { visitsProjection } from './visits.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const spec = ProjectionSpecification.for<VisitEvent>(visitsProjection, () => testDb.handle.db);

const SESSION = '11111111-1111-4111-8111-111111111111';
const PAGE_1 = '22222222-2222-4222-8222-222222222221';
const PAGE_2 = '22222222-2222-4222-8222-222222222222';
const VISITOR = '44444444-4444-4444-8444-444444444444';
const INTERACTION = '55555555-5555-4555-8555-555555555555';
const APP = '33333333-3333-4333-8333-333333333333';
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString();

const started: AnalyticsSessionStarted = {
  type: 'AnalyticsSessionStarted',
  data: {
    key: `start-${SESSION}`,
    sessionId: SESSION,
    visitorId: VISITOR,
    at: at(0),
    url: 'https://unsheet.test/?utm_source=news',
    referrer: 'https://news.example/',
    utm: { source: 'news', medium: 'email', campaign: 'launch', term: null, content: null },
    clickIds: { gclid: null, msclkid: null, fbclid: null },
    parsedReferrer: 'news.example',
    trafficType: 'referral',
    campaignSource: null,
    ipHash: null,
    userAgent: BROWSER_UA,
    browser: 'Firefox',
    os: 'Linux',
    deviceType: 'desktop',
  },
};

const viewed = (pageViewId: string, second: number, path: string): AnalyticsPageViewed => ({
  type: 'AnalyticsPageViewed',
  data: {
    key: `view-${pageViewId}`,
    sessionId: SESSION,
    pageViewId,
    at: at(second),
    url: `https://unsheet.test${path}`,
    title: `Page ${path}`,
    referrer: null,
    potentialKeywords: [],
  },
});

const timed = (pageViewId: string, seconds: number): AnalyticsPageTimed => ({
  type: 'AnalyticsPageTimed',
  data: { key: `time-${pageViewId}`, sessionId: SESSION, pageViewId, at: at(50), seconds },
});

const ended = (second: number, timeOnSite: number): AnalyticsSessionEnded => ({
  type: 'AnalyticsSessionEnded',
  data: { sessionId: SESSION, at: at(second), timeOnSite, pagesViewed: 2 },
});

const clicked: AnalyticsAppInteraction = {
  type: 'AnalyticsAppInteraction',
  data: {
    key: INTERACTION,
    sessionId: SESSION,
    eventId: INTERACTION,
    at: at(20),
    appId: APP,
    action: 'open_app',
    metadata: { from: 'card' },
  },
};

const visit: VisitEvent[] = [started, viewed(PAGE_1, 1, '/'), viewed(PAGE_2, 30, '/app/ledger'), clicked, timed(PAGE_1, 29), ended(55, 55)];

describe('visits projection', () => {
  it('a visit becomes its session, its page views (with the session’s UTM fields) and its interactions', async () => {
    const given = spec.given(visit);
    await given.expectRows('user_sessions', [
      {
        session_id: SESSION,
        visitor_id: VISITOR,
        utm_source: 'news',
        browser: 'Firefox',
        pages_viewed: 2,
        time_on_site: 55,
        end_time: new Date(at(55)),
      },
    ]);
    await given.expectRows('page_views', [
      { page_view_id: PAGE_1, page_path: '/', utm_source: 'news', utm_campaign: 'launch', time_on_page: 29 },
      { page_view_id: PAGE_2, page_path: '/app/ledger', utm_source: 'news', utm_campaign: 'launch', time_on_page: null },
    ]);
    await given.expectRows('app_interactions', [{ app_id: APP, action_type: 'open_app', metadata: { from: 'card' } }]);
  });

  it('counts a retried event once, in the same batch or a later one', async () => {
    const given = spec.given([...visit, viewed(PAGE_1, 1, '/'), clicked], [viewed(PAGE_2, 30, '/app/ledger'), clicked]);
    await given.expectRows('user_sessions', [{ session_id: SESSION, pages_viewed: 2 }]);
    await given.expectRows('app_interactions', [{ app_id: APP }]);
  });

  it('counts each event without an idempotency key (logged before keys) as its own', async () => {
    const unkeyed = (pageViewId: string, second: number): AnalyticsPageViewed => {
      const { key: _key, ...data } = viewed(pageViewId, second, '/').data;
      return { type: 'AnalyticsPageViewed', data: data as AnalyticsPageViewed['data'] };
    };
    await spec
      .given([started, unkeyed(PAGE_1, 1), unkeyed(PAGE_2, 2)])
      .expectRows('user_sessions', [{ session_id: SESSION, pages_viewed: 2 }]);
  });

  it('keeps the latest session end by its time, whichever arrives last', () =>
    spec.given(visit, [ended(40, 40)]).expectRows('user_sessions', [{ time_on_site: 55, end_time: new Date(at(55)) }]));

  it('counts a page view that arrives before its session start, and the start then fills the session in', () =>
    spec
      .given([viewed(PAGE_1, 1, '/')], [started])
      .expectRows('user_sessions', [{ session_id: SESSION, pages_viewed: 1, utm_source: 'news', start_time: new Date(at(0)) }]));

  it('gives the same tables whether the events come in one batch or one by one', async () => {
    const together = await spec.given(visit).tables();
    const oneByOne = await spec.given(...visit.map((event) => [event])).tables();
    expect(oneByOne).toEqual(together);
  });
});

describe('the visits projection in partitions', () => {
  it('gives the same tables with two workers at once as one partition applied by one, and a rebuild gives them again', async () => {
    const db = testDb.handle.db;
    const store = new EventStore(db);
    const context = { userAgent: parseUserAgent(BROWSER_UA), ipHash: null, receivedAt: new Date() };
    const sessions = Array.from({ length: 24 }, () => randomUUID());
    const pages = new Map(sessions.map((s) => [s, [randomUUID(), randomUUID(), randomUUID()]]));
    // Each visit's events spread over the batches, the batches interleaving the visits, repeats included.
    const batches: TrackerEvent[][] = [
      sessions.map((sessionId) => sessionStart({ sessionId })),
      sessions.flatMap((sessionId) =>
        pages
          .get(sessionId)!
          .slice(0, 2)
          .map((pageViewId) => pageView({ sessionId, pageViewId })),
      ),
      sessions.flatMap((sessionId) => [
        pageTime({ sessionId, pageViewId: pages.get(sessionId)![0]!, seconds: 12 }),
        pageView({ sessionId, pageViewId: pages.get(sessionId)![2]! }),
        interaction({ sessionId, action: 'view' }),
      ]),
      sessions.flatMap((sessionId) => [
        pageView({ sessionId, pageViewId: pages.get(sessionId)![0]! }), // a retried beacon
        sessionEnd({ sessionId, timeOnSite: 40, pagesViewed: 3 }),
      ]),
    ];
    // The rollups' counters, by table: a partition writes its own rows (shard), so what must be equal is their sum.
    const rollups: Record<string, string[]> = {
      analytics_session_rollups: ['sessions', 'visitor_sessions', 'first_sessions', 'duration', 'bounces'],
      analytics_source_rollups: ['sessions'],
      analytics_campaign_rollups: ['sessions'],
      analytics_channel_rollups: ['sessions'],
      analytics_page_view_rollups: ['page_views', 'home_views', 'interactions'],
      analytics_page_rollups: ['views'],
      analytics_entry_exit_rollups: ['entries', 'exits'],
      analytics_app_view_rollups: ['views'],
      analytics_return_pairs: ['pairs', 'second_pairs'],
      analytics_excluded_rollups: ['sessions', 'events'],
    };
    const snapshot = async () => {
      const result: Record<string, string[]> = {};
      for (const table of visitsProjection.tables) {
        const counters = rollups[table];
        const query = counters
          ? sql`select to_jsonb(t) - 'shard' - ${sql.lit(`{${counters.join(',')}}`)}::text[] as key,
                 ${sql.join(counters.map((c) => sql`sum(${sql.ref(c)})::bigint as ${sql.ref(c)}`))}
               from ${sql.table(table)} t group by 1
               having ${sql.join(
                 counters.map((c) => sql`sum(${sql.ref(c)}) <> 0`),
                 sql` or `,
               )}`
          : table === 'analytics_rollup_visitors' || table === 'analytics_pages'
            ? sql`select * from ${sql.table(table)}`
            : sql`select * from ${sql.table(table)} where session_id = any(${sessions}::uuid[])`;
        const { rows } = await query.execute(db);
        result[table] = rows.map((row) => JSON.stringify(row)).sort();
      }
      return result;
    };

    const second = await openDatabase({ url: testDb.url, dataDir: '.data', migrate: false });
    try {
      const workers = [db, second.db].map((handle) => new ProjectionRunner(handle, [visitsProjection], { batchSize: 10 }));
      // The rollups count every session in the database: start from what the log holds (the tests above wrote
      // rows through the handler alone).
      await workers[0]!.rebuild(visitsProjection.name);
      for (const batch of batches) {
        await store.appendUnversioned(batch.map((event) => toVisitEvent(event, context)));
        await Promise.all(workers.map((worker) => worker.catchUp(visitsProjection.name)));
      }
      // A catch-up stops below the oldest transaction still running on the server (other tests' too).
      await eventually(async () => {
        await workers[0]!.catchUp(visitsProjection.name);
        return projectionsCaughtUp(db, [visitsProjection]);
      });
      const live = await snapshot();
      expect(live.page_views).toHaveLength(24 * 3);
      expect(live.user_sessions).toHaveLength(24);
      expect(live.app_interactions).toHaveLength(24);
      expect(live.user_sessions!.every((row) => JSON.parse(row).pages_viewed === 3 && JSON.parse(row).time_on_site === 40)).toBe(true);

      const onePartition = { ...visitsProjection, partitions: 1 };
      await new ProjectionRunner(db, [onePartition], { batchSize: 10 }).rebuild(visitsProjection.name);
      expect(await snapshot()).toEqual(live);
      await workers[0]!.rebuild(visitsProjection.name);
      expect(await snapshot()).toEqual(live);

      // The runner applies the log in SQL where it is (handleLog); the same events in memory (handle) give
      // the same tables.
      for (const table of visitsProjection.tables) await sql`truncate ${sql.table(table)}`.execute(db);
      const events = (await readCommittedAfter(db, START, { types: visitsProjection.handles, limit: 10_000 }))
        .events as RecordedEvent<VisitEvent>[];
      for (let i = 0; i < events.length; i += 7) {
        await db.transaction().execute((trx) => visitsProjection.handle(trx, events.slice(i, i + 7), { partition: 0 }));
      }
      expect(await snapshot()).toEqual(live);
    } finally {
      await second.close();
    }
  });
});
