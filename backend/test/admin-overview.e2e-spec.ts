/**
 * GET /api/admin/overview, the dashboard's first screen in one read: admin only, its query refused field by
 * field, and each of its parts equal to the answer of the endpoint it stands for, with the same parameters,
 * on a database with leads, feedback, visits, app views and recorded search queries.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverviewSchema } from '../../contracts/admin/overview.js';
import type { TrackerEvent } from '../../contracts/analytics/collect.js';
import { BROWSER_UA, interaction, pageView, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { bearer, json, post, signUpConfirmed } from './auth-helpers.js';
import { expectContract } from './contract-helpers.js';

const TZ = 'Europe/Berlin';
const DAY = 86_400_000;
const dayIn = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(date);
const today = dayIn(new Date());
const windowStart = dayIn(new Date(Date.now() - 29 * DAY));
const window = `from=${windowStart}&to=${today}&tz=${encodeURIComponent(TZ)}`;
// Demo apps (fixed ids).
const INVOICE_CHASER = '0750dc53-f249-4ee7-b0ac-1fbab577bc3f';

let api: ApiHarness;
let visitor: Record<string, string>;

/** Two visits today: one on the home page, one that views an app and clicks through. */
function visits(): TrackerEvent[] {
  const [first, second] = [randomUUID(), randomUUID()];
  const now = Date.now() - 60_000;
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  return [
    sessionStart({ sessionId: first, visitorId: randomUUID(), at: at(0), url: 'https://unsheet.app/' }),
    pageView({ sessionId: first, pageViewId: randomUUID(), at: at(0), url: 'https://unsheet.app/', title: 'Home' }),
    sessionStart({ sessionId: second, visitorId: randomUUID(), at: at(5), url: 'https://unsheet.app/app/invoice-chaser' }),
    pageView({ sessionId: second, pageViewId: randomUUID(), at: at(5), url: 'https://unsheet.app/app/invoice-chaser', title: 'App' }),
    pageView({ sessionId: second, pageViewId: randomUUID(), at: at(15), url: 'https://unsheet.app/', title: 'Home' }),
    interaction({ sessionId: second, appId: INVOICE_CHASER, action: 'view', at: at(6) }),
    interaction({ sessionId: second, appId: INVOICE_CHASER, action: 'cta_click', at: at(8) }),
  ];
}

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true' });
  visitor = bearer(await signUpConfirmed(api, 'visitor@example.com', 'secret1'));
  await api.signInAsAdmin();
  const created = async (path: string, body: unknown) => expect((await post(api, path, body)).status).toBe(201);
  await created('/api/leads', { email: 'first@example.com', source_page: '/' });
  await created('/api/leads', { email: 'finance@example.com', source_page: '/c/finance' });
  await created('/api/suggestions', { email: 'ideas@example.com', suggestion_text: 'A rota planner for cafés', source_page: '/' });
  await created('/api/quick-questions', { name: 'Linus', email: 'linus@example.com', message: 'Does it import CSV files?' });
  await created('/api/developer-inquiries', { name: 'Grace', email: 'grace@example.com', message: 'I build small tools.' });
  // A browser's user agent: Node's own ('node') is a bot to the tracker.
  const browser = { 'user-agent': BROWSER_UA };
  expect((await post(api, '/api/analytics/collect', { events: visits() }, browser)).status).toBe(202);
  expect((await post(api, `/api/apps/${INVOICE_CHASER}/views`, { sessionId: randomUUID() }, browser)).status).toBe(202);
  const recorded = await post(
    api,
    '/api/admin/analytics/search-queries/import',
    {
      startDate: windowStart,
      endDate: dayIn(new Date(Date.now() - DAY)),
      csv: 'Top queries,Clicks,Impressions,CTR,Position\n"spreadsheet, but better",40,800,5%,3.2\ninvoice chaser,3,120,2.5%,8.1',
    },
    api.headers,
  );
  expect(recorded.status).toBe(200);
  await settled(api);
  await eventually(async () => (await api.get(`/api/admin/analytics/engagement?tz=${TZ}`)).body.totalSessions === 2, { timeout: 10_000 });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('GET /api/admin/overview', () => {
  it('answers 401 without a session and 403 to a visitor', async () => {
    expect((await fetch(api.url(`/api/admin/overview?${window}`))).status).toBe(401);
    const forbidden = await fetch(api.url(`/api/admin/overview?${window}`), { headers: visitor });
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
  });

  it.each([
    ['from=2026-11-1', { from: 'Use the form YYYY-MM-DD.' }],
    ['from=2026-02-30', { from: 'Not a calendar date.' }],
    ['from=2026-11-22&to=2026-11-01', { to: 'Must not be before from.' }],
    ['from=2025-01-01&to=2026-11-01', { to: 'At most 400 days.' }],
    ['tz=Mars%2FOlympus', { tz: 'Must be an IANA time zone, such as Europe/Berlin.' }],
  ])('answers 400 naming the field for ?%s', async (query, fields) => {
    const response = await api.get(`/api/admin/overview?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: expect.any(String), message: expect.any(String), fields });
  });

  it('answers 400 to a parameter it does not take, naming it', async () => {
    const response = await api.get('/api/admin/overview?days=7');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unrecognized key: "days"' });
    expect(Object.values(response.body.fields)).toEqual(['Unrecognized key: "days"']);
  });

  it('answers, in one read, what each of the first screen’s reads answers for the same parameters', async () => {
    const response = await api.get(`/api/admin/overview?${window}`);
    expect(response.status).toBe(200);
    expectContract(adminOverviewSchema, response.body);
    const tz = `tz=${encodeURIComponent(TZ)}`;
    const separate = async (path: string) => {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(200);
      return answer.body;
    };
    expect(response.body).toEqual({
      catalogue: await separate('/api/admin/apps?pageSize=1'),
      engagement: await separate(`/api/admin/analytics/engagement?${tz}`),
      growth: await separate(`/api/admin/analytics/growth?${tz}`),
      leads: await separate('/api/admin/leads'),
      suggestions: await separate('/api/admin/suggestions'),
      quickQuestions: await separate('/api/admin/quick-questions'),
      developerInquiries: await separate('/api/admin/developer-inquiries'),
      topApps: await separate('/api/apps/top?limit=5&offset=0'),
      settings: await separate('/api/admin/settings'),
      daily: await separate(`/api/admin/analytics/daily?${window}`),
      searchQueries: await separate(`/api/admin/analytics/search-queries?${window}&limit=50`),
    });
    // The data is there, not only zeros on both sides.
    const overview = response.body;
    expect(overview.catalogue.active).toBe(16);
    expect(overview.leads).toMatchObject({ total: 2, spotsTaken: 2 });
    expect(overview.suggestions.total).toBe(1);
    expect(overview.quickQuestions.unread).toBe(1);
    expect(overview.developerInquiries.unread).toBe(1);
    expect(overview.topApps).toHaveLength(5);
    expect(overview.engagement).toMatchObject({ totalSessions: 2, pageViews: 3, period: { from: today, to: today, timeZone: TZ } });
    expect(overview.growth).toMatchObject({ leadsJoined: 2, suggestionsReceived: 1 });
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toEqual({ day: today, sessions: 2, pageViews: 3 });
    expect(overview.searchQueries.topQueries.map((q: { query: string }) => q.query)).toEqual(['spreadsheet, but better', 'invoice chaser']);
  });

  it('counts the days in UTC when no zone is given, today by default', async () => {
    const response = await api.get('/api/admin/overview');
    expect(response.status).toBe(200);
    const utcToday = new Date().toISOString().slice(0, 10);
    expect(response.body.engagement.period).toEqual({ from: utcToday, to: utcToday, days: 1, timeZone: 'UTC' });
    expect(response.body.daily).toEqual(await (await api.get('/api/admin/analytics/daily')).body);
  });
});
