/**
 * The demand signals over HTTP: searches from the tracker (bots' sessions left out), a suggestion linked to its search,
 * quiz results scored by the recommender and missing pages, read back on the admin's Demand tab and as CSV;
 * the admin's merges, splits and marks are audited and survive a rebuild.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, search, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { json, post } from './auth-helpers.js';

let api: ApiHarness;
const today = new Date().toISOString().slice(0, 10);
const SESSION = randomUUID();
const NOTHING = randomUUID();

const collect = (events: unknown[], userAgent = BROWSER_UA) => post(api, '/api/analytics/collect', { events }, { 'user-agent': userAgent });
const adminPost = (path: string, body: unknown) => post(api, path, body, api.headers);
const demand = async () => (await api.get(`/api/admin/analytics/demand?from=${today}&to=${today}`)).body;

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true' });
  await api.signInAsAdmin();
  expect(
    (
      await collect([
        search({ sessionId: SESSION, searchId: NOTHING, query: 'Invoice reminders', results: 0 }),
        search({ query: 'invoice reminder tool', results: 0 }),
        search({ query: 'staff rota', results: 0 }),
        search({ query: 'shift planner', results: 0 }),
        search({ query: 'shift planner', results: 3, opened: true }),
      ])
    ).status,
  ).toBe(202);
  // A bot's visit, kept and classified by its start: its search is left out of the signals.
  const botSession = randomUUID();
  expect(
    (await collect([sessionStart({ sessionId: botSession }), search({ sessionId: botSession, query: 'bot query' })], BOT_UA)).status,
  ).toBe(202);
  expect(
    (
      await post(api, '/api/suggestions', {
        email: 'maker@example.com',
        suggestion_text: 'invoice reminders',
        category: 'Finance',
        source_page: '/',
        search_id: NOTHING,
      })
    ).status,
  ).toBe(201);
  // As the SPA reports the pages it cannot show (the server's own 404s are recorded the same way).
  const notFound = (path: string, userAgent = BROWSER_UA) => post(api, '/api/site/not-found', { path }, { 'user-agent': userAgent });
  for (const path of ['/app/payroll-wizard', '/app/payroll-wizard', '/c/legal', '/pricing'])
    expect((await notFound(path)).status).toBe(202);
  expect((await notFound('/app/crawled', BOT_UA)).status).toBe(202);
  await settled(api);
}, 60_000);
afterAll(() => api?.close());

describe('the Demand tab', () => {
  it('groups the searches and the suggestion made from one, without bots or found searches', async () => {
    const report = await demand();
    expect(report.needs.map((need: any) => [need.label, need.searches, need.suggestions, need.visitors])).toEqual([
      ['invoice reminders', 2, 1, 2],
      ['shift planner', 1, 0, 1],
      ['staff rota', 1, 0, 1],
    ]);
    expect(report.needs[0].categories).toEqual([{ name: 'Finance', count: 1 }]);
    expect(JSON.stringify(report)).not.toContain('bot query');
    expect(report.deadEnds.missingPages).toEqual([
      { path: '/app/payroll-wizard', hits: 2 },
      { path: '/c/legal', hits: 1 },
    ]);
  });

  it('refuses a suggestion linked to something that is not a search id', async () => {
    const response = await post(api, '/api/suggestions', {
      email: 'maker@example.com',
      suggestion_text: 'x',
      source_page: '/',
      search_id: 'nope',
    });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({ search_id: 'Must be a search id (uuid).' });
  });

  it('refuses a search event without a query, writing nothing', async () => {
    const response = await collect([search({ query: '  ' })]);
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({ 'events.0.query': 'Must not be empty.' });
  });

  it('exports the list as CSV', async () => {
    const response = await fetch(api.url(`/api/admin/analytics/demand/export.csv?from=${today}&to=${today}`), { headers: api.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Rank,Need,Status,App,Searches,Zero-result searches,Suggestions,Visitors,Previous period,Change %,Categories,Sample wordings',
    );
    expect(lines[1]).toBe('1,invoice reminders,open,,2,2,1,2,0,,Finance (1),invoice reminders; invoice reminder tool');
  });

  it('records merges, splits and marks as audited events that a rebuild applies again', async () => {
    expect((await adminPost('/api/admin/analytics/demand/merge', { a: 'shift planner', b: 'staff rota' })).status).toBe(204);
    expect((await adminPost('/api/admin/analytics/demand/split', { core: 'invoice reminder tool' })).status).toBe(204);
    expect(
      (
        await adminPost('/api/admin/analytics/demand/mark', {
          cores: ['shift planner', 'staff rota'],
          label: 'shift planner',
          status: 'built',
          appSlug: 'shift-planner',
        })
      ).status,
    ).toBe(204);
    const expected = [
      [['invoice'], 'open', null],
      [['shift', 'staff rota'], 'built', 'shift-planner'],
    ];
    const shape = (report: any) => report.needs.map((need: any) => [need.cores, need.status, need.appSlug]);
    await eventually(async () => JSON.stringify(shape(await demand())) === JSON.stringify(expected));
    await api.app.get(ProjectionRunner).rebuild('analytics-demand');
    expect(shape(await demand())).toEqual(expected);

    const trail = (await api.get('/api/admin/audit?pageSize=10')).body;
    expect(trail.entries.slice(0, 3).map((entry: any) => entry.description)).toEqual([
      'Marked the unmet need "shift planner" built (served by shift-planner)',
      'Split "invoice" off its unmet need',
      'Merged the unmet needs "shift" and "staff rota"',
    ]);
  });

  it('refuses bad decisions with the field at fault', async () => {
    const cases: [string, unknown, Record<string, string>][] = [
      ['/merge', { a: 'x', b: 'x' }, { b: 'Choose two different groups.' }],
      ['/split', { core: '' }, { core: 'Must not be empty.' }],
      ['/mark', { cores: ['x'], label: 'x', status: 'built' }, { appSlug: 'Choose the app that now serves it.' }],
      ['/mark', { cores: ['x'], label: 'x', status: 'built', appSlug: 'no-such-app' }, { appSlug: 'No app has this address.' }],
      ['/mark', { cores: ['x'], label: 'x', status: 'done' }, { status: 'Must be open, planned, built or ignored.' }],
    ];
    for (const [path, body, fields] of cases) {
      const response = await adminPost(`/api/admin/analytics/demand${path}`, body);
      expect(response.status, path).toBe(400);
      expect((await json(response)).fields, path).toEqual(fields);
    }
  });

  it('is for admins only', async () => {
    expect((await fetch(api.url(`/api/admin/analytics/demand?from=${today}&to=${today}`))).status).toBe(401);
    expect((await post(api, '/api/admin/analytics/demand/merge', { a: 'a', b: 'b' })).status).toBe(401);
  });
});
