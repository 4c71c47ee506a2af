/**
 * The dashboard's figures in the admin's time zone, across daylight saving changes (Europe/Berlin went to
 * summer time on 2026-03-29 and back on 2026-10-25), and one session duration for every screen: a session
 * without an end event lasts as long as its events show, on the engagement card and on the lead detail alike.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../contracts/analytics/collect.js';
import { BROWSER_UA, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { parseUserAgent, toVisitEvent } from '../src/analytics/collect/enrich.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

/** A session starting at `start` (UTC), its pages 10 s apart (with their seconds on page, when known), and its end. */
function visit(sessionId: string, start: string, pages: [string, number | null][], timeOnSite?: number): TrackerEvent[] {
  const t = (seconds: number) => new Date(Date.parse(start) + seconds * 1000).toISOString();
  const events: TrackerEvent[] = [sessionStart({ sessionId, visitorId: randomUUID(), at: start })];
  pages.forEach(([path, seconds], i) => {
    const pageViewId = randomUUID();
    events.push(pageView({ sessionId, pageViewId, at: t(i * 10), url: `https://unsheet.app${path}`, title: path }));
    if (seconds !== null) events.push(pageTime({ sessionId, pageViewId, at: t(i * 10 + 5), seconds }));
  });
  if (timeOnSite !== undefined) events.push(sessionEnd({ sessionId, at: t(timeOnSite), timeOnSite, pagesViewed: pages.length }));
  return events;
}

const [S1, S2, S3, S4, S5, S6] = Array.from({ length: 6 }, () => randomUUID()) as [string, string, string, string, string, string];
const visits = [
  visit(S1, '2026-03-27T23:30:00.000Z', [['/', 30]], 30), // Berlin: Mar 28, 00:30 (CET)
  // No end event: the tab was closed. 10 s to the second page, which was left 40 s later: 50 s.
  visit(S2, '2026-03-28T08:30:00.000Z', [
    ['/', 30],
    ['/pricing', 40],
  ]), // Berlin: Mar 28, 09:30 (CET)
  visit(S3, '2026-03-30T08:30:00.000Z', [['/', 60]], 60), // Berlin: Mar 30, 10:30 (CEST)
  visit(S4, '2026-03-30T22:30:00.000Z', [['/', 20]], 20), // Berlin: Mar 31, 00:30 (CEST)
  visit(S5, '2026-10-25T00:30:00.000Z', [['/', 10]], 10), // Berlin: Oct 25, 02:30 CEST
  visit(S6, '2026-10-25T01:30:00.000Z', [['/', 10]], 10), // Berlin: Oct 25, 02:30 CET, an hour later
].flat();

const hours = (counts: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => ({ hour, sessions: counts[hour] ?? 0 }));

let api: ApiHarness;
const leadId = randomUUID();

beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
  // Appended as the collector appends them, each received when it happened: the collector takes a
  // client's time only within a week of its own.
  const store = api.app.get(EventStore);
  await store.appendUnversioned(
    visits.map((event) => toVisitEvent(event, { userAgent: parseUserAgent(BROWSER_UA), ipHash: null, receivedAt: new Date(event.at) })),
  );
  const db = api.database.handle.db;
  const count = async (table: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
  await eventually(async () => (await count('user_sessions')) === 6 && (await count('page_views')) === 7, { timeout: 10_000 });
  await store.append(
    'waitlist',
    [
      {
        type: 'LeadJoined',
        data: {
          leadId,
          email: 'closed-tab@example.com',
          sourcePage: '/',
          position: 1,
          referralCode: 'CODE01',
          referredBy: null,
          sessionId: S2,
        },
      },
    ],
    0,
  );
  await eventually(async () => (await count('lead_sessions')) === 1);
});
afterAll(async () => {
  await api?.close();
});

const engagement = (query: string) => api.get(`/api/admin/analytics/engagement?${query}`);

describe('one session duration', () => {
  it('gives a session without an end event the same time on the engagement card and on the lead detail', async () => {
    // The UTC day of S2 alone.
    const { body: metrics } = await engagement('from=2026-03-28&to=2026-03-28');
    expect(metrics).toMatchObject({ totalSessions: 1, avgTimeOnSite: 50 });
    const { status, body: detail } = await api.get(`/api/admin/analytics/leads/by-id/${leadId}`);
    expect(status).toBe(200);
    expect(detail.sessions).toEqual([expect.objectContaining({ session_id: S2, end_time: null, time_on_site: null, duration: 50 })]);
    expect(detail.sessionMetrics).toMatchObject({ totalSessions: 1, totalTimeSpent: 50, avgTimePerSession: 50 });
  });
});

describe('the admin’s time zone', () => {
  it('counts the days, the hours and the daily series in Europe/Berlin, across the change to summer time', async () => {
    const { status, body } = await engagement('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      period: { from: '2026-03-28', to: '2026-03-30', days: 3, timeZone: 'Europe/Berlin' },
      totalSessions: 3, // S1, S2, S3; S4 is on Mar 31 in Berlin
      avgTimeOnSite: 47, // (30 + 50 + 60) / 3
      peakHours: [
        { hour: 0, sessions: 1 },
        { hour: 9, sessions: 1 },
        { hour: 10, sessions: 1 },
      ],
    });
    expect(body.sessionsByHour).toEqual(hours({ 0: 1, 9: 1, 10: 1 }));
    expect((await api.get('/api/admin/analytics/daily?from=2026-03-28&to=2026-03-30&tz=Europe%2FBerlin')).body).toEqual([
      { day: '2026-03-28', sessions: 2, pageViews: 3 },
      { day: '2026-03-29', sessions: 0, pageViews: 0 },
      { day: '2026-03-30', sessions: 1, pageViews: 1 },
    ]);
  });

  it('counts the same days in UTC when no zone is sent', async () => {
    const { body } = await engagement('from=2026-03-28&to=2026-03-30');
    expect(body).toMatchObject({ period: { timeZone: 'UTC' }, totalSessions: 3 }); // S2, S3, S4
    expect(body.sessionsByHour).toEqual(hours({ 8: 2, 22: 1 }));
    expect((await api.get('/api/admin/analytics/daily?from=2026-03-28&to=2026-03-30')).body).toEqual([
      { day: '2026-03-28', sessions: 1, pageViews: 2 },
      { day: '2026-03-29', sessions: 0, pageViews: 0 },
      { day: '2026-03-30', sessions: 2, pageViews: 2 },
    ]);
  });

  it('puts both 02:30s of the day the clocks go back in hour 2 of that 25-hour day', async () => {
    const { body } = await engagement('from=2026-10-25&to=2026-10-25&tz=Europe/Berlin');
    expect(body).toMatchObject({ totalSessions: 2, peakHours: [{ hour: 2, sessions: 2 }] });
    expect(body.sessionsByHour).toEqual(hours({ 2: 2 }));
  });

  it('compares each card with the previous period of the same length, in the same zone', async () => {
    // Mar 29–30 in Berlin: S3; the two days before: S1 and S2.
    const { body } = await engagement('from=2026-03-29&to=2026-03-30&tz=Europe/Berlin');
    expect(body.changes).toEqual({
      visitors: { previous: 2, percent: -50 },
      pageViews: { previous: 3, percent: -67 },
      bounceRate: { previous: 50, percent: 100 }, // S3's one page, against S1's
      appInteractions: { previous: 0, percent: 0 },
      avgTimeOnSite: { previous: 40, percent: 50 },
      avgPagesPerSession: { previous: 1.5, percent: -33 },
      quizCompletionRate: { previous: 0, percent: 0 },
      totalSessions: { previous: 2, percent: -50 },
      userReturnRate: { previous: 0, percent: 0 },
    });
  });

  it.each(['Europe/Atlantis', 'CEST', '+02:00', 'Europe/Berlin; drop'])('answers 400 with the field for the zone %s', async (tz) => {
    const { status, body } = await engagement(`tz=${encodeURIComponent(tz)}`);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ tz: 'Must be an IANA time zone, such as Europe/Berlin.' });
    expect(typeof body.message).toBe('string');
  });
});
