/**
 * The rollups answer exactly what the rows answer: the same visits, batched and retried in different ways,
 * read over ranges of days in UTC, in Europe/Berlin across its daylight saving changes and in zones with
 * half- and quarter-hour offsets, whose days begin inside a UTC day.
 */
import { BROWSER_UA } from '../testing/tracker-events.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type { InteractionAction, TrafficType, VisitEvent } from '../analytics.events.js';
import { down, up } from '../../../../migrations/2026-11-26-29-analytics-day-rollups.js';
import { cut, wholeBuckets, wholeUtcDays } from '../metrics/buckets.js';
import { toRange, type DateRange } from '../metrics/date-range.js';
import {
  appViews,
  cardCounts,
  channels,
  dailySeries,
  entryExitPages,
  sessionsByHour,
  topPages,
  topSources,
  trafficSources,
  utmCampaigns,
} from '../queries/dashboard-reads.js';

import { visitsProjection } from './visits.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const db = () => testDb.handle.db;
const spec = ProjectionSpecification.for<VisitEvent>(visitsProjection, db);

/** Deterministic pseudo-random numbers (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const uuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const APPS = [uuid(9, 1), uuid(9, 2), uuid(9, 3)];
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `sessions` visits (ids from `first` on) of up to 150 visitors (some without a visitor id), starting between `from` and `to`, with
 * pages, times on page, app views and clicks, and most with an end: each visit's events in order.
 */
function visits(rand: () => number, first: number, sessions: number, from: string, to: string): VisitEvent[][] {
  const [t0, t1] = [Date.parse(from), Date.parse(to)];
  const pick = <T>(values: readonly T[]) => values[Math.floor(rand() * values.length)]!;
  const referrers: [string | null, TrafficType][] = [
    [null, 'direct'],
    ['google.com', 'search'],
    ['news.example', 'referral'],
    ['t.co', 'social'],
  ];
  const campaigns = [null, ['news', 'email', 'launch'], ['ads', 'cpc', null], [null, null, 'spring']] as const;
  return Array.from({ length: sessions }, (_, i) => {
    const n = first + i;
    const sessionId = uuid(1, n);
    const start = t0 + Math.floor(rand() * (t1 - t0));
    const [parsedReferrer, trafficType] = pick(referrers);
    const utm = pick(campaigns);
    const events: VisitEvent[] = [
      {
        type: 'AnalyticsSessionStarted',
        data: {
          key: `start-${sessionId}`,
          sessionId,
          visitorId: rand() < 0.15 ? null : uuid(2, Math.floor(rand() * 150)),
          at: iso(start),
          url: 'https://unsheet.test/',
          referrer: parsedReferrer && `https://${parsedReferrer}/`,
          utm: { source: utm?.[0] ?? null, medium: utm?.[1] ?? null, campaign: utm?.[2] ?? null, term: null, content: null },
          clickIds: { gclid: null, msclkid: null, fbclid: null },
          parsedReferrer,
          trafficType,
          campaignSource: null,
          ipHash: null,
          userAgent: BROWSER_UA,
          browser: 'Firefox',
          os: 'Linux',
          deviceType: 'desktop',
        },
      },
    ];
    const pages = 1 + Math.floor(rand() * 4);
    let at = start;
    for (let page = 0; page < pages; page++) {
      const pageViewId = uuid(3, n * 10 + page);
      at += Math.floor(rand() * 600_000);
      const path = pick(['/', '/', '/apps/ledger', '/category/finance']);
      events.push({
        type: 'AnalyticsPageViewed',
        data: {
          key: `view-${pageViewId}`,
          sessionId,
          pageViewId,
          at: iso(at),
          url: `https://unsheet.test${path}`,
          title: path,
          referrer: null,
          potentialKeywords: [],
        },
      });
      if (rand() < 0.5) {
        const seconds = Math.floor(rand() * 300);
        events.push({
          type: 'AnalyticsPageTimed',
          data: { key: `time-${pageViewId}`, sessionId, pageViewId, at: iso(at + seconds * 1000), seconds },
        });
      }
      if (rand() < 0.4) {
        const eventId = uuid(4, n * 10 + page);
        const action: InteractionAction = pick(['view', 'view', 'open_app']);
        events.push({
          type: 'AnalyticsAppInteraction',
          data: { key: eventId, sessionId, eventId, at: iso(at + 5000), appId: pick(APPS), action, metadata: {} },
        });
      }
    }
    if (rand() < 0.7) {
      const end = at + Math.floor(rand() * 120_000);
      events.push({
        type: 'AnalyticsSessionEnded',
        data: { sessionId, at: iso(end), timeOnSite: Math.round((end - start) / 1000), pagesViewed: pages },
      });
    }
    return events;
  });
}

/**
 * The visits' events interleaved as many visitors' would be, some pages before their session's start (two
 * beacons racing) and some sent twice, cut into batches of 1 to 60 events.
 */
function batches(rand: () => number, perVisit: VisitEvent[][]): VisitEvent[][] {
  const queues = perVisit.map((events) => [...events]);
  for (const queue of queues) if (queue.length > 1 && rand() < 0.2) [queue[0], queue[1]] = [queue[1]!, queue[0]!];
  const log: VisitEvent[] = [];
  while (queues.some((queue) => queue.length > 0)) {
    const open = queues.filter((queue) => queue.length > 0);
    const event = open[Math.floor(rand() * open.length)]!.shift()!;
    log.push(event);
    if (rand() < 0.1) log.push(event);
  }
  const cut: VisitEvent[][] = [];
  for (let i = 0; i < log.length;) {
    const size = 1 + Math.floor(rand() * 60);
    cut.push(log.slice(i, i + size));
    i += size;
  }
  return cut;
}

/** Every rollup row, its counters summed over shards, rows at zero left out. */
async function rollups(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of visitsProjection.tables.filter((name) => name.startsWith('analytics_'))) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db());
    const summed = new Map<string, Record<string, unknown>>();
    for (const { shard: _shard, ...row } of rows) {
      const key = JSON.stringify(Object.entries(row).filter(([, value]) => typeof value !== 'number'));
      const sum = summed.get(key);
      if (!sum) summed.set(key, { ...row });
      else for (const [name, value] of Object.entries(row)) if (typeof value === 'number') sum[name] = (sum[name] as number) + value;
    }
    tables[table] = [...summed.values()].filter((row) => Object.values(row).some((value) => typeof value === 'number' && value !== 0));
    tables[table].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return tables;
}

async function engagement(range: DateRange, rollups: boolean) {
  const [cards, hours, sources, apps, byChannel, pages, entryExit] = await Promise.all([
    cardCounts(db(), range, rollups),
    sessionsByHour(db(), range, rollups),
    topSources(db(), range, rollups),
    appViews(db(), range, rollups),
    channels(db(), range, rollups),
    topPages(db(), range, rollups),
    entryExitPages(db(), range, rollups),
  ]);
  return {
    cards,
    channels: byChannel,
    pages,
    entryExit,
    hours: [...hours].sort((a, b) => a.hour - b.hour),
    sources,
    apps: [...apps].sort((a, b) => a.app_id.localeCompare(b.app_id)),
  };
}

/** Every read from the rollups, and the same from the rows. */
async function bothWays(range: DateRange) {
  const read = async (rollup: boolean) => ({
    daily: await dailySeries(db(), range, rollup),
    trafficSources: await trafficSources(db(), range, rollup),
    utmCampaigns: await utmCampaigns(db(), range, rollup),
    engagement: await engagement(range, rollup),
  });
  return { rollups: await read(true), rows: await read(false) };
}

// Berlin went to summer time on 2026-03-29 and back on 2026-10-25.
const SPRING = visits(random(1), 0, 250, '2026-03-24T00:00:00Z', '2026-04-03T00:00:00Z');
const AUTUMN = visits(random(2), 1000, 80, '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z');
const ALL = [...SPRING, ...AUTUMN];

const RANGES: [string, string, string][] = [
  ['2026-03-24', '2026-04-03', 'UTC'],
  ['2026-03-26', '2026-03-31', 'UTC'],
  ['2026-03-28', '2026-03-28', 'UTC'],
  ['2026-03-25', '2026-04-01', 'Europe/Berlin'],
  ['2026-03-29', '2026-03-29', 'Europe/Berlin'],
  ['2026-03-28', '2026-03-30', 'Europe/Berlin'],
  ['2026-10-24', '2026-10-26', 'Europe/Berlin'],
  ['2026-10-25', '2026-10-25', 'Europe/Berlin'],
  ['2026-03-26', '2026-03-30', 'America/New_York'],
  ['2026-03-27', '2026-03-31', 'Asia/Kolkata'],
  ['2026-03-27', '2026-03-27', 'Asia/Kathmandu'],
  ['2026-03-25', '2026-03-29', 'America/St_Johns'],
  ['2026-03-26', '2026-03-28', 'Australia/Adelaide'],
];

describe('dashboard rollups', () => {
  beforeAll(async () => {
    await spec.given(...batches(random(3), ALL)).tables();
  }, 120_000);

  it.each(RANGES)('answer as the rows do from %s to %s in %s', async (from, to, zone) => {
    const range = toRange(from, to, zone);
    expect(wholeBuckets(cut(range))).toBe(true);
    const { rollups: fromRollupRows, rows } = await bothWays(range);
    expect(fromRollupRows).toEqual(rows);
  });

  it('answer as the rows do for a range that starts and ends inside a bucket, reading its edges from the rows', async () => {
    // From a minute before one session to a minute after another, a few days later: both in the edges.
    const startOf = (visit: VisitEvent[]) => Date.parse(visit[0]!.data.at);
    const [first, last] = [startOf(SPRING[5]!), startOf(SPRING[5]!) + 3 * 86_400_000];
    const range = { ...toRange('2026-03-24', '2026-04-03', 'UTC'), start: new Date(first - 60_000), end: new Date(last + 60_000) };
    const c = cut(range);
    expect(wholeBuckets(c)).toBe(false);
    const { rows: inEdges } = await sql<{ n: number }>`
      select count(*)::int as n from user_sessions
      where start_time >= ${c.start} and start_time < ${c.innerStart} or start_time >= ${c.innerEnd} and start_time < ${c.end}`.execute(
      db(),
    );
    expect(inEdges[0]!.n).toBeGreaterThan(0);
    const { rollups: fromRollupRows, rows } = await bothWays(range);
    expect(fromRollupRows).toEqual(rows);
  });

  // Sources and campaigns come from their day rows for whole UTC days and from their 15-minute rows for the
  // rest: ranges of whole UTC days only, inside one UTC day, and across one midnight without a whole day.
  it.each([
    ['2026-03-26T00:00:00Z', '2026-03-30T00:00:00Z', 4],
    ['2026-03-28T03:00:00Z', '2026-03-28T17:45:00Z', 0],
    ['2026-03-27T20:15:00Z', '2026-03-28T05:00:00Z', 0],
    ['2026-03-25T09:30:00Z', '2026-03-31T13:00:00Z', 5],
  ])('answer as the rows do from %s to %s (%i whole UTC days)', async (start, end, days) => {
    const range = { ...toRange(start.slice(0, 10), end.slice(0, 10), 'UTC'), start: new Date(start), end: new Date(end) };
    expect(wholeBuckets(cut(range))).toBe(true);
    const [dayStart, dayEnd] = wholeUtcDays(range.start, range.end);
    expect((dayEnd.getTime() - dayStart.getTime()) / 86_400_000).toBe(days);
    const { rollups: fromRollupRows, rows } = await bothWays(range);
    expect(rows.trafficSources.length).toBeGreaterThan(0);
    expect(fromRollupRows).toEqual(rows);
  });

  it('keep sources and campaigns per UTC day, as the migration fills them from the 15-minute rows', async () => {
    const kept = await rollups();
    const dayRows = (table: string) => kept[table]!.filter((row) => (row as { fine: boolean }).fine === false);
    expect(dayRows('analytics_source_rollups').length).toBeGreaterThan(10);
    expect(dayRows('analytics_campaign_rollups').length).toBeGreaterThan(10);
    // Back to the 15-minute rows alone, then migrated again.
    await down(db());
    expect((await rollups())['analytics_source_rollups']!.length).toBe(
      kept['analytics_source_rollups']!.length - dayRows('analytics_source_rollups').length,
    );
    await up(db());
    expect(await rollups()).toEqual(kept);
  });

  it('have something to count in every figure', async () => {
    const { rows } = await bothWays(toRange('2026-03-25', '2026-04-01', 'Europe/Berlin'));
    expect(rows.engagement.cards.sessions).toBeGreaterThan(100);
    expect(rows.engagement.cards.bounces).toBeGreaterThan(0);
    expect(rows.engagement.cards.interactions).toBeGreaterThan(0);
    expect(rows.engagement.channels.map((row) => row.channel)).toEqual(
      expect.arrayContaining(['direct', 'email', 'organic_search', 'organic_social', 'other_campaign', 'paid_search', 'referral']),
    );
    expect(rows.engagement.pages.length).toBeGreaterThan(1);
    expect(rows.engagement.entryExit.exit.length).toBeGreaterThan(1);
    expect(rows.engagement.cards.returning).toBeGreaterThan(0);
    expect(rows.engagement.cards.returning).toBeLessThan(rows.engagement.cards.visitors);
    expect(rows.engagement.apps.length).toBe(3);
    expect(rows.utmCampaigns.length).toBe(3);
    // The range's previous period, the cards' comparison: visitors who came back from before the range.
    const { rows: later } = await bothWays(toRange('2026-03-30', '2026-04-02', 'UTC'));
    expect(later.engagement.cards.returning).toBeGreaterThan(0);
  });

  it('are the same whatever the batches, with every event retried, and after a rebuild', async () => {
    const once = await rollups();
    expect(once['analytics_session_rollups']!.length).toBeGreaterThan(100);
    // Every event again, in other batches: nothing moves.
    await spec.given(...batches(random(3), ALL), ...batches(random(4), ALL)).tables();
    expect(await rollups()).toEqual(once);
    // Other batches, in another order: the same rows.
    await spec.given(...batches(random(5), ALL)).tables();
    expect(await rollups()).toEqual(once);
  }, 300_000);
});
