/**
 * The top cards' growth figures: apps added, leads joined, app views counted and suggestions received in a
 * range of days in the admin's time zone, each against the previous range of the same length. The log's
 * events are set at known times (today, yesterday and three days ago in Berlin) and the read models rebuilt
 * from it, so every count is exact.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { addDays, dayIn, startOfDay } from '../src/analytics/metrics/date-range.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

const ZONE = 'Europe/Berlin';
const today = dayIn(new Date(), ZONE);
const yesterday = addDays(today, -1);
const threeDaysAgo = addDays(today, -3);
/** A minute into the day in Berlin: inside the day whatever the time of the test. */
const early = (day: string) => new Date(startOfDay(day, ZONE).getTime() + 60_000);

let api: ApiHarness;
let apps: string[];

const db = () => api.database.handle.db;

let clients = 0;
/** From a client address of its own (a client's views of an app count up to a bound an hour). */
function post(path: string, body: unknown) {
  const headers = {
    'content-type': 'application/json',
    'user-agent': BROWSER_UA,
    'x-forwarded-for': `10.7.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`,
  };
  return fetch(api.url(path), { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Sets the time of the events of `type` whose data holds `marker` (an id, an address). */
async function moveEvents(type: string, marker: string, at: Date) {
  const { numUpdatedRows } = await db()
    .updateTable('events')
    .set({ created_at: at })
    .where('type', '=', type)
    .where(sql<boolean>`data::text like ${`%${marker}%`}`)
    .executeTakeFirst();
  expect(Number(numUpdatedRows)).toBeGreaterThan(0);
}

const growth = async (query: string) => {
  const { status, body } = await api.get(`/api/admin/analytics/growth?tz=${encodeURIComponent(ZONE)}&${query}`);
  expect(status).toBe(200);
  return body;
};

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true', TRUST_PROXY: 'loopback' });
  await api.signInAsAdmin();
  apps = (await db().selectFrom('apps').select('id').orderBy('id').execute()).map((row) => row.id);
  expect(apps.length).toBeGreaterThan(6);

  // Leads: three today, two yesterday, one three days ago.
  const leads = ['t1', 't2', 't3', 'y1', 'y2', 'old1'].map((name) => `${name}-${randomUUID().slice(0, 8)}@example.com`);
  for (const email of leads) expect((await post('/api/leads', { email, source_page: '/' })).status).toBe(201);
  // Suggestions: one today, two yesterday, none before.
  const suggestions = ['today', 'yesterday A', 'yesterday B'].map((label) => `${label} ${randomUUID()}`);
  for (const text of suggestions) {
    expect((await post('/api/suggestions', { email: 'idea@example.com', suggestion_text: text })).status).toBe(201);
  }
  // Views: four sessions today (one viewing the same app twice: each view counts), six views counted, one yesterday, one three days ago.
  const sessions = Array.from({ length: 6 }, () => randomUUID());
  const views: [string, string][] = [
    [apps[0]!, sessions[0]!],
    [apps[0]!, sessions[0]!],
    [apps[1]!, sessions[0]!],
    [apps[0]!, sessions[1]!],
    [apps[2]!, sessions[2]!],
    [apps[0]!, sessions[3]!],
    [apps[0]!, sessions[4]!],
    [apps[1]!, sessions[5]!],
  ];
  for (const [app, sessionId] of views) expect((await post(`/api/apps/${app}/views`, { sessionId })).status).toBe(202);
  await eventually(async () => (await db().selectFrom('counted_app_views').select('app_id').execute()).length === 8, { timeout: 10_000 });

  // Everything today, then some of it moved back: apps (two yesterday, one three days ago), and the rest.
  await sql`update events set created_at = ${early(today)}`.execute(db());
  for (const app of apps.slice(0, 2)) await moveEvents('AppAdded', app, early(yesterday));
  await moveEvents('AppAdded', apps[2]!, early(threeDaysAgo));
  for (const email of leads.slice(3, 5)) await moveEvents('LeadJoined', email, early(yesterday));
  await moveEvents('LeadJoined', leads[5]!, early(threeDaysAgo));
  for (const text of suggestions.slice(1)) await moveEvents('SuggestionSubmitted', text, early(yesterday));
  await moveEvents('AppViewed', sessions[4]!, early(yesterday));
  await moveEvents('AppViewed', sessions[5]!, early(threeDaysAgo));

  const runner = api.app.get(ProjectionRunner);
  for (const projection of ['apps', 'leads', 'suggestions', 'app-views']) await runner.rebuild(projection);
});
afterAll(async () => {
  await api?.close();
});

describe('growth of the top cards', () => {
  it('counts what arrived today against yesterday, in the admin’s time zone', async () => {
    const added = apps.length - 3;
    expect(await growth(`from=${today}&to=${today}`)).toEqual({
      period: { from: today, to: today, days: 1, timeZone: ZONE },
      appsAdded: added,
      leadsJoined: 3,
      appViews: 6, // app 0 twice and app 1 in the first visit, app 0 in the second, app 2 in the third, app 0 in the fourth
      suggestionsReceived: 1,
      changes: {
        appsAdded: { previous: 2, percent: Math.round(((added - 2) / 2) * 100) },
        leadsJoined: { previous: 2, percent: 50 },
        appViews: { previous: 1, percent: 500 },
        suggestionsReceived: { previous: 2, percent: -50 },
      },
    });
  });

  it('compares a longer range with the range of the same length before it', async () => {
    // Yesterday and today against the two days before: three days ago holds one app, one lead, one view.
    expect(await growth(`from=${yesterday}&to=${today}`)).toEqual({
      period: { from: yesterday, to: today, days: 2, timeZone: ZONE },
      appsAdded: apps.length - 1,
      leadsJoined: 5,
      appViews: 7,
      suggestionsReceived: 3,
      changes: {
        appsAdded: { previous: 1, percent: (apps.length - 2) * 100 },
        leadsJoined: { previous: 1, percent: 400 },
        appViews: { previous: 1, percent: 600 },
        // No suggestion had arrived before yesterday: no data for the previous period.
        suggestionsReceived: { previous: null, percent: null },
      },
    });
  });

  it('says there is no previous data when nothing had arrived before the range', async () => {
    const none = { previous: null, percent: null };
    expect(await growth('from=2020-01-01&to=2020-01-31')).toEqual({
      period: { from: '2020-01-01', to: '2020-01-31', days: 31, timeZone: ZONE },
      appsAdded: 0,
      leadsJoined: 0,
      appViews: 0,
      suggestionsReceived: 0,
      changes: { appsAdded: none, leadsJoined: none, appViews: none, suggestionsReceived: none },
    });
  });

  it('counts an empty previous period after earlier data as 0, not as no data', async () => {
    const { changes } = await growth(`from=${addDays(today, 2)}&to=${addDays(today, 2)}`);
    expect(changes.appViews).toEqual({ previous: 0, percent: 0 });
    expect(changes.suggestionsReceived).toEqual({ previous: 0, percent: 0 });
  });

  it.each([
    ['from=2026-02-30', { from: 'Not a calendar date.' }],
    ['from=2026-11-22&to=2026-11-01', { to: 'Must not be before from.' }],
    ['tz=Mars%2FOlympus', { tz: 'Must be an IANA time zone, such as Europe/Berlin.' }],
  ])('answers 400 for ?%s', async (query, fields) => {
    const { status, body } = await api.get(`/api/admin/analytics/growth?${query}`);
    expect(status).toBe(400);
    expect(body.fields).toEqual(fields);
  });

  it('is only for administrators', async () => {
    const response = await fetch(api.url('/api/admin/analytics/growth'));
    expect(response.status).toBe(401);
  });
});
