/**
 * The console's first row (docs/analytics.md, "Figures" and "Channels") over HTTP: scripted tracker batches
 * of two days in Asia/Kolkata (UTC+5:30, so each of its days begins at 18:30 UTC the day before), each figure
 * checked exactly, with its change against the previous day. The session starts leave their attribution to
 * the server, as the inline landing part sends them: the channel is worked out from the landing URL and the
 * referrer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../contracts/analytics/collect.js';
import type { InteractionAction } from '../../contracts/analytics/limits.js';
import { addDays, dayIn } from '../src/analytics/metrics/date-range.js';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

const ZONE = 'Asia/Kolkata';
// Two and three days ago in the zone: the collector takes a client's time within a week of its own.
const CURRENT = addDays(dayIn(new Date(), ZONE), -2);
const PREVIOUS = addDays(CURRENT, -1);
const NEXT = addDays(CURRENT, 1);
/** An instant in UTC: `day` at `time`. */
const utc = (day: string, time: string) => `${day}T${time}.000Z`;

/**
 * A visit: its session start (attribution left to the server: landing URL and referrer), its page views 10 s
 * apart (path, seconds on page when known), its interactions from 7 s on, and its end when it has one.
 */
function visit(options: {
  visitorId: string | null;
  start: string;
  landing?: string;
  referrer?: string;
  pages: [string, number | null][];
  interactions?: InteractionAction[];
  timeOnSite?: number;
}): TrackerEvent[] {
  const sessionId = randomUUID();
  const t = (seconds: number) => new Date(Date.parse(options.start) + seconds * 1000).toISOString();
  const start = sessionStart({
    sessionId,
    visitorId: options.visitorId,
    at: options.start,
    url: `https://unsheet.app${options.landing ?? options.pages[0]![0]}`,
    referrer: options.referrer ?? null,
  });
  // As the inline landing part sends it: no attribution of its own.
  for (const field of ['utm', 'clickIds', 'parsedReferrer', 'trafficType', 'campaignSource'] as const) delete start[field];
  const events: TrackerEvent[] = [start];
  options.pages.forEach(([path, seconds], i) => {
    const pageViewId = randomUUID();
    events.push(pageView({ sessionId, pageViewId, at: t(i * 10), url: `https://unsheet.app${path}`, title: path }));
    if (seconds !== null) events.push(pageTime({ sessionId, pageViewId, at: t(i * 10 + 5), seconds }));
  });
  (options.interactions ?? []).forEach((action, i) => events.push(interaction({ sessionId, action, at: t(7 + i) })));
  if (options.timeOnSite !== undefined) events.push(sessionEnd({ sessionId, at: t(options.timeOnSite), timeOnSite: options.timeOnSite }));
  return events;
}

const [X, Y, Z, W] = Array.from({ length: 4 }, () => randomUUID()) as [string, string, string, string];

const visits = [
  // The previous day in Kolkata.
  visit({ visitorId: X, start: utc(PREVIOUS, '10:00:00'), pages: [['/', 15]], timeOnSite: 15 }), // 15:30 there: a bounce
  visit({
    visitorId: Y,
    start: utc(PREVIOUS, '18:00:00'), // 23:30 there
    referrer: 'https://www.google.com/',
    pages: [
      ['/', 20],
      ['/c/finance', 30],
    ],
    interactions: ['cta_click'],
    timeOnSite: 60,
  }),
  // The day asked: from 18:30 UTC the day before.
  visit({
    visitorId: X,
    start: utc(PREVIOUS, '19:00:00'), // 00:30 there
    landing: '/?utm_source=newsletter&utm_campaign=launch',
    pages: [
      ['/', 30],
      ['/app/invoice-chaser', 40],
    ],
    interactions: ['view'],
    timeOnSite: 60,
  }),
  // One page and an app view (the page's own), no end event: a bounce of 7 s.
  visit({
    visitorId: Y,
    start: utc(CURRENT, '05:00:00'),
    referrer: 'https://chatgpt.com/',
    pages: [['/app/lead-scorer', null]],
    interactions: ['view'],
  }),
  visit({
    visitorId: Z,
    start: utc(CURRENT, '10:00:00'),
    landing: '/?fbclid=abc123',
    pages: [
      ['/', 20],
      ['/c/finance', 20],
      ['/app/invoice-chaser', 30],
    ],
    interactions: ['share', 'open_app'],
    timeOnSite: 120,
  }),
  visit({ visitorId: null, start: utc(CURRENT, '12:00:00'), pages: [['/c/finance', null]], interactions: ['quiz_start'] }),
  visit({
    visitorId: Z,
    start: utc(CURRENT, '18:00:00'), // 23:30 there: a bounce
    landing: '/?utm_source=google&utm_medium=cpc',
    referrer: 'https://www.google.com/',
    pages: [['/', 10]],
    timeOnSite: 10,
  }),
  // The next day there (00:30): in neither period.
  visit({ visitorId: W, start: utc(CURRENT, '19:00:00'), pages: [['/pricing', 5]], timeOnSite: 5 }),
];

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
  const headers = { 'content-type': 'application/json', 'user-agent': BROWSER_UA };
  // A batch per visit, as a tab's tracker sends them.
  for (const events of visits) {
    const response = await fetch(api.url('/api/analytics/collect'), { method: 'POST', headers, body: JSON.stringify({ events }) });
    expect(response.status).toBe(202);
  }
  await eventually(async () => (await figures(PREVIOUS, NEXT)).pageViews === 12, { timeout: 10_000 });
});
afterAll(async () => {
  await api?.close();
});

async function figures(from: string, to: string) {
  const { status, body } = await api.get(`/api/admin/analytics/engagement?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`);
  expect(status).toBe(200);
  return body;
}

describe("the console's first row", () => {
  it('counts each figure of the day asked in its zone, against the day before', async () => {
    expect(await figures(CURRENT, CURRENT)).toMatchObject({
      period: { from: CURRENT, to: CURRENT, days: 1, timeZone: ZONE },
      visitors: 3, // X, Y and Z; the fourth visit has no visitor id
      totalSessions: 5,
      pageViews: 8,
      avgPagesPerSession: 1.6, // 8 / 5
      bounceRate: 40, // Y's one page with its app view, and Z's last visit, of 5
      // (60 + 7 + 120 + 7 + 10) / 5 = 40.8: Y's and the anonymous visit lasted until their interaction.
      avgTimeOnSite: 41,
      appInteractions: 3, // Z's share and app opening, the quiz start; app views are not interactions
      userReturnRate: 100, // X and Y came the day before, Z twice
      changes: {
        visitors: { previous: 2, percent: 50 },
        totalSessions: { previous: 2, percent: 150 },
        pageViews: { previous: 3, percent: 167 },
        avgPagesPerSession: { previous: 1.5, percent: 7 },
        bounceRate: { previous: 50, percent: -20 },
        avgTimeOnSite: { previous: 38, percent: 8 }, // (15 + 60) / 2 = 37.5
        appInteractions: { previous: 1, percent: 200 },
        userReturnRate: { previous: 0, percent: null },
      },
    });
  });

  it('ranks the pages viewed, and those visits entered and left on', async () => {
    expect(await figures(CURRENT, CURRENT)).toMatchObject({
      topPages: [
        { page: '/', count: 3 },
        { page: '/app/invoice-chaser', count: 2 },
        { page: '/c/finance', count: 2 },
        { page: '/app/lead-scorer', count: 1 },
      ],
      entryPages: [
        { page: '/', count: 3 },
        { page: '/app/lead-scorer', count: 1 },
        { page: '/c/finance', count: 1 },
      ],
      exitPages: [
        { page: '/app/invoice-chaser', count: 2 },
        { page: '/', count: 1 },
        { page: '/app/lead-scorer', count: 1 },
        { page: '/c/finance', count: 1 },
      ],
    });
  });

  it('counts visits per channel, a newsletter link as e-mail', async () => {
    expect((await figures(CURRENT, CURRENT)).channels).toEqual([
      { channel: 'ai_assistants', visits: 1 },
      { channel: 'direct', visits: 1 },
      { channel: 'email', visits: 1 }, // ?utm_source=newsletter&utm_campaign=launch
      { channel: 'paid_search', visits: 1 }, // utm_medium=cpc from Google
      { channel: 'paid_social', visits: 1 }, // fbclid
    ]);
    expect((await figures(PREVIOUS, PREVIOUS)).channels).toEqual([
      { channel: 'direct', visits: 1 },
      { channel: 'organic_search', visits: 1 },
    ]);
  });

  it('counts the days of the zone asked, not UTC days', async () => {
    // In UTC the previous day holds three of the visits (the one at 19:00 too) and the day asked five.
    const utcDay = (await api.get(`/api/admin/analytics/engagement?from=${PREVIOUS}&to=${PREVIOUS}&tz=UTC`)).body;
    expect(utcDay).toMatchObject({
      totalSessions: 3,
      pageViews: 5,
      visitors: 2,
      channels: expect.arrayContaining([{ channel: 'email', visits: 1 }]),
    });
    expect(await figures(PREVIOUS, PREVIOUS)).toMatchObject({
      totalSessions: 2,
      pageViews: 3,
      visitors: 2,
      bounceRate: 50,
      appInteractions: 1,
    });
    expect(await figures(NEXT, NEXT)).toMatchObject({ totalSessions: 1, topPages: [{ page: '/pricing', count: 1 }] });
  });
});
