/**
 * Ingests a known set of visits over HTTP (yesterday and today, UTC), then checks every metric exactly,
 * that a rebuild from the log gives the same tables and metrics, a lead's timeline, and the zeros of a
 * failing metrics query.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../contracts/analytics/collect.js';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { quizStream } from '../src/early-access/quiz/quiz.events.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
const at = (day: string, time: string) => `${day}T${time}.000Z`;

// Demo apps (fixed ids) and their categories.
const INVOICE_CHASER = '0750dc53-f249-4ee7-b0ac-1fbab577bc3f'; // Productivity
const MARKETING_APP = '10e2b8de-ba10-4224-8847-ded11c00c73a'; // Marketing
const ANALYTICS_APP = '6c879a8e-d590-47f9-970f-7dfa7f5199b5'; // Analytics

const V1 = randomUUID();
const V2 = randomUUID();
const V4 = randomUUID();
const [A, B, C, D, E, F] = Array.from({ length: 6 }, () => randomUUID()) as [string, string, string, string, string, string];

/** A visit: its session start, its page views (path, seconds on page), interactions and end. */
function visit(options: {
  sessionId: string;
  visitorId: string | null;
  start: string;
  pages: [string, number | null][];
  interactions?: { appId: string | null; action: 'view' | 'cta_click' | 'quiz_complete' | 'share' }[];
  timeOnSite?: number;
  url?: string;
  parsedReferrer?: string | null;
  trafficType?: 'search' | 'social' | 'paid' | 'ai' | 'referral' | 'direct';
  utm?: { source: string; medium: string; campaign: string };
}): TrackerEvent[] {
  const { sessionId } = options;
  const events: TrackerEvent[] = [
    sessionStart({
      sessionId,
      visitorId: options.visitorId,
      at: options.start,
      url: options.url ?? 'https://unsheet.app/',
      parsedReferrer: options.parsedReferrer ?? null,
      trafficType: options.trafficType ?? 'direct',
      utm: { source: null, medium: null, campaign: null, term: null, content: null, ...options.utm },
    }),
  ];
  const t = (seconds: number) => new Date(Date.parse(options.start) + seconds * 1000).toISOString();
  options.pages.forEach(([path, seconds], i) => {
    const pageViewId = randomUUID();
    events.push(pageView({ sessionId, pageViewId, at: t(i * 10), url: `https://unsheet.app${path}`, title: path }));
    if (seconds !== null) events.push(pageTime({ sessionId, pageViewId, at: t(i * 10 + 5), seconds }));
  });
  (options.interactions ?? []).forEach(({ appId, action }, i) => events.push(interaction({ sessionId, appId, action, at: t(7 + i) })));
  if (options.timeOnSite !== undefined) events.push(sessionEnd({ sessionId, at: t(options.timeOnSite), timeOnSite: options.timeOnSite }));
  return events;
}

const visits = [
  // Yesterday: V1's first visit (makes V1 a returning visitor today).
  visit({
    sessionId: A,
    visitorId: V1,
    start: at(yesterday, '10:15:00'),
    pages: [['/', 20]],
    timeOnSite: 40,
    interactions: [{ appId: INVOICE_CHASER, action: 'quiz_complete' }],
  }),
  // Today.
  visit({
    sessionId: B,
    visitorId: V1,
    start: at(today, '09:05:00'),
    pages: [
      ['/', 30],
      ['/c/productivity', 40],
      ['/app/invoice-chaser', 50],
    ],
    timeOnSite: 120,
    parsedReferrer: 'google',
    trafficType: 'search',
    interactions: [
      { appId: INVOICE_CHASER, action: 'view' },
      { appId: INVOICE_CHASER, action: 'cta_click' },
      { appId: null, action: 'quiz_complete' },
    ],
  }),
  visit({
    sessionId: C,
    visitorId: V2,
    start: at(today, '09:30:00'),
    pages: [
      ['/', 100],
      ['/app/invoice-chaser', 200],
    ],
    timeOnSite: 300,
    utm: { source: 'newsletter', medium: 'email', campaign: 'launch' },
    interactions: [
      { appId: MARKETING_APP, action: 'view' },
      { appId: null, action: 'quiz_complete' },
    ],
  }),
  visit({
    sessionId: D,
    visitorId: V2,
    start: at(today, '14:00:00'),
    pages: [['/', 60]],
    timeOnSite: 60,
    parsedReferrer: 'bing',
    trafficType: 'search',
    interactions: [
      { appId: ANALYTICS_APP, action: 'share' },
      { appId: INVOICE_CHASER, action: 'view' },
    ],
  }),
  // No visitor id (Do Not Track), no session end.
  visit({
    sessionId: E,
    visitorId: null,
    start: at(today, '14:45:00'),
    pages: [['/app/invoice-chaser', null]],
    parsedReferrer: 'chatgpt',
    trafficType: 'ai',
    interactions: [{ appId: null, action: 'quiz_complete' }],
  }),
  // UTM only in the URL: the server fills it in.
  visit({
    sessionId: F,
    visitorId: V4,
    start: at(today, '09:59:00'),
    pages: [['/', 10]],
    timeOnSite: 30,
    parsedReferrer: 'facebook',
    trafficType: 'social',
    url: 'https://unsheet.app/?utm_source=fb&utm_medium=cpc&utm_campaign=spring',
  }),
].flat();

/** Every hour of the day with these sessions, the rest 0. */
const hours = (counts: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => ({ hour, sessions: counts[hour] ?? 0 }));

const EXPECTED_TODAY = {
  period: { from: today, to: today, days: 1, timeZone: 'UTC' },
  visitors: 3, // V1, V2, V4; E has no visitor id
  totalSessions: 5,
  pageViews: 8,
  // F alone: one page and nothing done. D and E viewed one page too, but shared or finished the quiz.
  bounceRate: 20,
  // Every interaction but the app views: B's click and quiz step, C's quiz step, D's share, E's quiz step.
  appInteractions: 5,
  // (120 + 300 + 60 + 7 + 30) / 5: E has no end event, and lasted from its page view to its interaction 7 s later.
  avgTimeOnSite: 103,
  avgPagesPerSession: 1.6, // 8 page views / 5 visits
  quizCompletionRate: 75, // 3 quiz results today / 4 home page views today
  // Views only: the click, the share and the quiz steps are not views.
  topCategories: [
    { category: 'Productivity', count: 2 },
    { category: 'Marketing', count: 1 },
  ],
  peakHours: [
    { hour: 9, sessions: 3 },
    { hour: 14, sessions: 2 },
  ],
  sessionsByHour: hours({ 9: 3, 14: 2 }),
  trafficSources: [
    { source: 'bing', sessions: 1 },
    { source: 'chatgpt', sessions: 1 },
    { source: 'direct', sessions: 1 },
    { source: 'facebook', sessions: 1 },
    { source: 'google', sessions: 1 },
  ],
  userReturnRate: 66.7, // V1 (seen yesterday) and V2 (two sessions) of V1, V2, V4; E has no visitor id
  topPages: [
    { page: '/', count: 4 },
    { page: '/app/invoice-chaser', count: 3 },
    { page: '/c/productivity', count: 1 },
  ],
  entryPages: [
    { page: '/', count: 4 },
    { page: '/app/invoice-chaser', count: 1 },
  ],
  exitPages: [
    { page: '/app/invoice-chaser', count: 3 }, // B, C, E
    { page: '/', count: 2 }, // D, F
  ],
  channels: [
    { channel: 'organic_search', visits: 2 }, // Google, Bing
    { channel: 'ai_assistants', visits: 1 },
    { channel: 'email', visits: 1 }, // utm_source=newsletter&utm_medium=email
    { channel: 'paid_social', visits: 1 }, // utm_medium=cpc from Facebook
  ],
  // Against yesterday: A alone (40 s, one page and a quiz step, so no bounce; 1 quiz result / 1 home page
  // view, V1 new then).
  changes: {
    visitors: { previous: 1, percent: 200 },
    pageViews: { previous: 1, percent: 700 },
    bounceRate: { previous: 0, percent: null },
    appInteractions: { previous: 1, percent: 400 },
    avgTimeOnSite: { previous: 40, percent: 158 },
    avgPagesPerSession: { previous: 1, percent: 60 },
    quizCompletionRate: { previous: 100, percent: -25 },
    totalSessions: { previous: 1, percent: 400 },
    userReturnRate: { previous: 0, percent: null },
  },
};

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true' });
  await api.signInAsAdmin();
  for (let i = 0; i < visits.length; i += 17) {
    const response = await post('/api/analytics/collect', { events: visits.slice(i, i + 17) });
    expect(response.status).toBe(202);
  }
  await eventually(async () => (await api.get('/api/admin/analytics/engagement')).body.totalSessions === 5, { timeout: 10_000 });
  await eventually(async () => (await count('app_interactions')) === 9 && (await count('page_views')) === 9);

  // Quiz results (the quiz's own read model): three today, one yesterday.
  const store = api.app.get(EventStore);
  for (const email of ['grace@example.com', 'ada@example.com', 'lin@example.com', 'yesterday@example.com']) {
    const quizResultId = randomUUID();
    const answers = [{ question: 'What slows you down?', answer: 'Invoices' }];
    await store.append(
      quizStream(quizResultId),
      [{ type: 'QuizCompleted', data: { quizResultId, email, answers, recommendedApp: 'invoice-chaser' } }],
      0,
    );
  }
  // The log cannot be written in the past: the read model is moved back a day instead.
  await sql`update quiz_results set created_at = created_at - interval '1 day' where email = 'yesterday@example.com'`.execute(
    api.database.handle.db,
  );
});
afterAll(async () => {
  await api?.close();
});

function post(path: string, body: unknown) {
  // A browser's user agent: Node's own ('node') is a bot to isbot.
  const headers = { 'content-type': 'application/json', 'user-agent': BROWSER_UA };
  return fetch(api.url(path), { method: 'POST', headers, body: JSON.stringify(body) });
}

async function count(table: string): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(api.database.handle.db)).rows[0]!.n;
}

async function allMetrics() {
  const range = `from=${yesterday}&to=${tomorrow}`;
  return Promise.all(
    ['engagement', `engagement?${range}`, `daily?${range}`, `utm-campaigns?${range}`, `traffic-sources?${range}`].map(
      async (path) => (await api.get(`/api/admin/analytics/${path}`)).body,
    ),
  );
}

describe('engagement metrics', () => {
  it('computes every figure for today (the default range)', async () => {
    const { status, body } = await api.get('/api/admin/analytics/engagement');
    expect(status).toBe(200);
    expect(body).toEqual(EXPECTED_TODAY);
    expect((await api.get(`/api/admin/analytics/engagement?from=${today}&to=${today}`)).body).toEqual(EXPECTED_TODAY);
  });

  it('covers a longer range', async () => {
    const { body } = await api.get(`/api/admin/analytics/engagement?from=${yesterday}&to=${today}`);
    expect(body).toMatchObject({
      visitors: 3,
      totalSessions: 6,
      pageViews: 9,
      bounceRate: 16.7, // F of 6
      appInteractions: 6,
      avgTimeOnSite: 93, // (40 + 517) / 6 = 92.83
      avgPagesPerSession: 1.5, // 9 / 6
      quizCompletionRate: 80, // 4 / 5
      // V1 has two sessions in the range, V2 two, V4 one.
      userReturnRate: 66.7,
    });
    expect(body.peakHours).toEqual([
      { hour: 9, sessions: 3 },
      { hour: 14, sessions: 2 },
      { hour: 10, sessions: 1 },
    ]);
    expect(body.sessionsByHour).toEqual(hours({ 9: 3, 10: 1, 14: 2 }));
    // Against the two days before: no sessions, so no previous data rather than an infinite change.
    expect(body.changes.totalSessions).toEqual({ previous: null, percent: null });
    // Yesterday's quiz step on an app is not a view either.
    expect(body.topCategories[0]).toEqual({ category: 'Productivity', count: 2 });
  });

  it('is all zeros for a quiet range', async () => {
    const none = { previous: null, percent: null };
    expect((await api.get('/api/admin/analytics/engagement?from=2020-01-01&to=2020-01-31')).body).toEqual({
      period: { from: '2020-01-01', to: '2020-01-31', days: 31, timeZone: 'UTC' },
      visitors: 0,
      totalSessions: 0,
      pageViews: 0,
      bounceRate: 0,
      appInteractions: 0,
      avgTimeOnSite: 0,
      avgPagesPerSession: 0,
      quizCompletionRate: 0,
      topCategories: [],
      peakHours: [],
      sessionsByHour: hours({}),
      trafficSources: [],
      userReturnRate: 0,
      topPages: [],
      entryPages: [],
      exitPages: [],
      channels: [],
      changes: Object.fromEntries(
        [
          'visitors',
          'totalSessions',
          'pageViews',
          'avgPagesPerSession',
          'bounceRate',
          'avgTimeOnSite',
          'appInteractions',
          'quizCompletionRate',
          'userReturnRate',
        ].map((figure) => [figure, none]),
      ),
    });
  });

  it.each([
    ['from=2026-02-30', { from: 'Not a calendar date.' }],
    ['from=yesterday', { from: 'Use the form YYYY-MM-DD.' }],
    ['from=2026-11-22&to=2026-11-01', { to: 'Must not be before from.' }],
    ['from=2026-11-22&x=1', { '(body)': 'Unrecognized key: "x"' }],
    ['tz=Mars%2FOlympus', { tz: 'Must be an IANA time zone, such as Europe/Berlin.' }],
    ['tz=%2B02%3A00', { tz: 'Must be an IANA time zone, such as Europe/Berlin.' }],
  ])('answers 400 for ?%s', async (query, fields) => {
    const { status, body } = await api.get(`/api/admin/analytics/engagement?${query}`);
    expect(status).toBe(400);
    expect(body.fields).toEqual(fields);
  });
});

describe('charts and tables', () => {
  it('gives sessions and page views per day, every day present', async () => {
    const { body } = await api.get(`/api/admin/analytics/daily?from=${yesterday}&to=${tomorrow}`);
    expect(body).toEqual([
      { day: yesterday, sessions: 1, pageViews: 1 },
      { day: today, sessions: 5, pageViews: 8 },
      { day: tomorrow, sessions: 0, pageViews: 0 },
    ]);
  });

  it('lists UTM campaigns with their sessions, including UTM taken from the landing URL', async () => {
    expect((await api.get('/api/admin/analytics/utm-campaigns')).body).toEqual([
      { source: 'fb', medium: 'cpc', campaign: 'spring', sessions: 1 },
      { source: 'newsletter', medium: 'email', campaign: 'launch', sessions: 1 },
    ]);
  });

  it('lists traffic sources by type', async () => {
    expect((await api.get(`/api/admin/analytics/traffic-sources?from=${yesterday}`)).body).toEqual([
      { trafficType: 'direct', source: 'direct', sessions: 2 },
      { trafficType: 'ai', source: 'chatgpt', sessions: 1 },
      { trafficType: 'search', source: 'bing', sessions: 1 },
      { trafficType: 'search', source: 'google', sessions: 1 },
      { trafficType: 'social', source: 'facebook', sessions: 1 },
    ]);
  });
});

describe('a lead’s activity', () => {
  const leadIds = new Map<string, string>();
  const activity = (email: string) => api.get(`/api/admin/analytics/leads/${leadIds.get(email) ?? randomUUID()}/activity`);

  beforeAll(async () => {
    const store = api.app.get(EventStore);
    const lead = (n: number, email: string, sessionId?: unknown) => {
      leadIds.set(email, randomUUID());
      return {
        type: 'LeadJoined',
        data: { leadId: leadIds.get(email), email, sourcePage: '/', position: n, referralCode: `CODE0${n}`, referredBy: null, sessionId },
      };
    };
    await store.append(
      'waitlist',
      [lead(1, 'grace@example.com', C), lead(2, 'nosession@example.com'), lead(3, 'odd@example.com', "'; drop")],
      0,
    );
    await eventually(async () => (await count('lead_sessions')) === 3);
  });

  it('joins the lead’s session and every session of the same visitor', async () => {
    const { status, body } = await activity('grace@example.com');
    expect(status).toBe(200);
    expect(body.lead).toMatchObject({ email: 'grace@example.com', sessionId: C });
    expect(body.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([C, D]);
    expect(body.pageViews.map((p: { page_url: string; time_on_page: number }) => [p.page_url, p.time_on_page])).toEqual([
      ['https://unsheet.app/', 100],
      ['https://unsheet.app/app/invoice-chaser', 200],
      ['https://unsheet.app/', 60],
    ]);
    expect(body.appInteractions.map((i: { action_type: string }) => i.action_type)).toEqual(['view', 'quiz_complete', 'share', 'view']);
    expect(body.quizResults).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        recommended_app: 'invoice-chaser',
        answers: [{ question: 'What slows you down?', answer: 'Invoices' }],
      },
    ]);
    expect(body.referralData).toEqual({ code: 'CODE01', clicks: 0, conversions: 0, revenue_earned: 0 });
    expect(body.sessionMetrics).toEqual({ totalSessions: 2, uniquePagesVisited: 2, totalTimeSpent: 360, avgTimePerSession: 180 });
  });

  it.each(['nosession@example.com', 'odd@example.com'])(
    'gives an empty timeline to a lead without a (valid) session: %s',
    async (email) => {
      const { body } = await activity(email);
      expect(body).toMatchObject({
        sessions: [],
        pageViews: [],
        appInteractions: [],
        sessionMetrics: { totalSessions: 0, uniquePagesVisited: 0, totalTimeSpent: 0, avgTimePerSession: 0 },
      });
    },
  );

  it('answers 404 for an unknown lead', async () => {
    expect(await activity('nobody@example.com')).toMatchObject({
      status: 404,
      body: { code: 'ANALYTICS.LEAD_NOT_FOUND', message: 'Lead not found' },
    });
  });

  it('is asked for by the lead’s id, never its address (paths are logged)', async () => {
    expect(await api.get('/api/admin/analytics/leads/grace@example.com/activity')).toMatchObject({
      status: 400,
      body: { fields: { leadId: 'Must be a lead id (uuid).' } },
    });
  });
});

describe('rebuild and failures', () => {
  it('gives identical tables and metrics after a rebuild from the log', async () => {
    const snapshot = async () =>
      Promise.all(
        ['user_sessions order by session_id', 'page_views order by page_view_id', 'app_interactions order by id'].map(
          async (from) => (await sql.raw(`select * from ${from}`).execute(api.database.handle.db)).rows,
        ),
      );
    const tablesBefore = await snapshot();
    const metricsBefore = await allMetrics();
    const runner = api.app.get(ProjectionRunner);
    expect(await runner.rebuild('analytics-visits')).toBe(visits.length);
    await runner.rebuild('analytics-lead-sessions');
    expect(await snapshot()).toEqual(tablesBefore);
    expect(await allMetrics()).toEqual(metricsBefore);
    expect(metricsBefore[0]).toEqual(EXPECTED_TODAY);
  });

  it('answers zeros and empty lists when the metrics cannot be read (and logs it)', async () => {
    const db = api.database.handle.db;
    await sql`alter table user_sessions rename to user_sessions_away`.execute(db);
    try {
      expect((await api.get('/api/admin/analytics/engagement')).body).toMatchObject({ totalSessions: 0, peakHours: [], userReturnRate: 0 });
      expect((await api.get('/api/admin/analytics/daily')).body).toEqual([]);
      expect((await api.get('/api/admin/analytics/utm-campaigns')).body).toEqual([]);
    } finally {
      await sql`alter table user_sessions_away rename to user_sessions`.execute(db);
    }
  });
});
