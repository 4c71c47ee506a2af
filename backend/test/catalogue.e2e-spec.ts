import { firstAdminLinkSchema } from '../../contracts/identity/first-admin.js';
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appDecider } from '../src/catalogue/app/app.decider.js';
import { appStream, appViewsStream, type AppViewed } from '../src/catalogue/app/app.events.js';
import { BOT_UA as GOOGLEBOT_UA, BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { AddApp } from '../src/catalogue/commands/add-app.command.js';
import { APP_VIEWS_PER_CLIENT_HOUR } from '../src/catalogue/commands/record-app-view.command.js';
import { decideAndAppend } from '../src/shared/event-store/decider.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { openApiSchema } from '../src/shared/http/zod.js';
import { newsletterSubscriptionSchema } from '../../contracts/early-access/newsletter.js';
import { quizOutcomeSchema, quizQuestionAnswerSchema } from '../../contracts/early-access/quiz-api.js';
import { issuedReferralCodeSchema, leaderboardEntrySchema, referralStatsSchema } from '../../contracts/early-access/referral.js';
import { earlyAccessStatusSchema, joinWaitlistResultSchema } from '../../contracts/early-access/waitlist.js';
import {
  confirmedSessionSchema,
  passwordResetRequestedSchema,
  sessionSchema,
  sessionUserSchema,
  signUpResultSchema,
} from '../../contracts/identity/session.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;
const ids: Record<string, string> = {};

const fixtures = [
  { name: 'Invoice Chaser', category: 'Finance', views: 900, description: 'Chases unpaid invoices politely.', featured: true },
  { name: 'Shift Planner', category: 'HR & Recruiting', views: 800, description: 'Builds the weekly rota for you.' },
  { name: 'Lead Scorer', category: 'Sales', views: 700, description: 'Ranks leads from your CRM export.' },
  { name: 'Stock Keeper', category: 'Productivity', views: 600, description: 'Reorders before the shelf is empty.', featured: true },
  { name: 'Ticket Triage', category: 'Customer Support', views: 500, description: 'Sorts support e-mails by urgency.' },
  { name: 'Budget Buddy', category: 'Finance', views: 400, description: 'Keeps the monthly budget honest.' },
  { name: 'Campaign Clock', category: 'Marketing', views: 300, description: 'Plans posts across channels.' },
  { name: 'Churn Radar', category: 'Analytics', views: 200, description: 'Spots customers about to leave.' },
  { name: 'Quote Builder', category: 'Sales', views: 150, description: 'Turns a price list into quotes.' },
  { name: 'Expense Snap', category: 'Finance', views: 120, description: 'Reads receipts; 100% less typing.' },
  { name: 'Hiring Board', category: 'HR & Recruiting', views: 110, description: 'Tracks candidates without a sheet.' },
  { name: 'Survey Sense', category: 'Analytics', views: 100, description: 'Summarises survey answers.' },
  { name: 'Meeting Notes', category: 'Productivity', views: 90, description: 'Turns calls into action items.' },
  { name: 'Retired Tool', category: 'Other', views: 5000, description: 'Deactivated: must never be listed.' },
];

beforeAll(async () => {
  api = await startApi({ TRUST_PROXY: 'loopback' });
  const commands = api.app.get(CommandBus);
  for (const { views, ...fields } of fixtures) {
    const { id } = await commands.execute(new AddApp({ ...fields, views, key_features: ['One', 'Two'] }));
    ids[fields.name] = id;
  }
  await decideAndAppend(api.app.get(EventStore), appStream(ids['Retired Tool']!), appDecider, {
    type: 'DeactivateApp',
    id: ids['Retired Tool']!,
  });
});
afterAll(async () => {
  await api?.close();
});

const names = (apps: { name: string }[]) => apps.map((a) => a.name);

describe('GET /api/apps/top', () => {
  it('gives the 10 most viewed active apps by default', async () => {
    const { status, body } = await api.get('/api/apps/top');
    expect(status).toBe(200);
    expect(names(body)).toEqual(fixtures.slice(0, 10).map((f) => f.name));
  });

  it('pages with limit and offset', async () => {
    const { body } = await api.get('/api/apps/top?limit=5&offset=10');
    expect(names(body)).toEqual(['Hiring Board', 'Survey Sense', 'Meeting Notes']);
  });

  it('lists apps as summaries: the fields a card or row needs', async () => {
    const { body } = await api.get('/api/apps/top?limit=1');
    expect(body).toEqual([
      {
        id: ids['Invoice Chaser'],
        name: 'Invoice Chaser',
        slug: 'invoice-chaser',
        description: 'Chases unpaid invoices politely.',
        category: 'Finance',
        category_slug: 'finance',
        views: 900,
        featured: true,
        development_status: 'concept',
        app_url: null,
        status_text: null,
        status_link_enabled: false,
      },
    ]);
  });

  it('gives every field of the app entity by slug, with derived keyword_bof and category_slug', async () => {
    const { body } = await api.get('/api/apps/invoice-chaser');
    expect(body).toMatchObject({
      id: ids['Invoice Chaser'],
      slug: 'invoice-chaser',
      category_slug: 'finance',
      keyword_bof: 'invoice chaser software',
      development_status: 'concept',
      key_features: ['One', 'Two'],
      faq_items: [],
      views: 900,
      is_active: true,
      featured: true,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'name',
        'slug',
        'description',
        'long_description',
        'problem_solved',
        'category',
        'category_slug',
        'views',
        'is_active',
        'featured',
        'replaces_tools',
        'keyword_bof',
        'development_status',
        'app_url',
        'status_text',
        'status_link_enabled',
        'key_features',
        'how_it_works',
        'spreadsheet_benefits',
        'target_personas',
        'roi_benefits',
        'roi_figures',
        'faq_items',
        'meta_title',
        'meta_description',
        'keywords',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(new Date(body.created_at).toString()).not.toBe('Invalid Date');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['colour=red', '(body)'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { status, body } = await api.get(`/api/apps/top?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toContain(field);
  });
});

describe('GET /api/apps', () => {
  const active = () =>
    fixtures
      .filter((f) => f.name !== 'Retired Tool')
      .map((f) => f.name)
      .sort();

  it('lists the active apps by name, 12 to a page, with the counts a pager needs', async () => {
    const { body } = await api.get('/api/apps');
    expect(names(body.items)).toEqual(active().slice(0, 12));
    expect(body).toMatchObject({ page: 1, pageSize: 12, total: active().length, filtered: active().length });
    const second = await api.get('/api/apps?page=2');
    expect(names(second.body.items)).toEqual(active().slice(12));
    expect((await api.get('/api/apps?pageSize=100')).body.items).toHaveLength(active().length);
    expect((await api.get('/api/apps?page=99')).body).toMatchObject({ items: [], page: 99, filtered: active().length });
  });

  it("lists a category's apps, most viewed first", async () => {
    const finance = await api.get('/api/apps?category=finance&sort=popular');
    expect(names(finance.body.items)).toEqual(['Invoice Chaser', 'Budget Buddy', 'Expense Snap']);
    expect(finance.body).toMatchObject({ total: active().length, filtered: 3 });
  });

  it('lists the featured apps', async () => {
    expect(names((await api.get('/api/apps/featured')).body)).toEqual(['Invoice Chaser', 'Stock Keeper']);
    expect(names((await api.get('/api/apps?featured=true')).body.items)).toEqual(['Invoice Chaser', 'Stock Keeper']);
  });

  it.each([
    ['page=0', { page: 'Must be 1 or more.' }],
    ['page=two', { page: 'Must be a number.' }],
    ['pageSize=101', { pageSize: 'At most 100.' }],
    ['pageSize=2.5', { pageSize: 'Must be a whole number.' }],
    ['sort=views', { sort: 'Must be one of: name, popular.' }],
    ['ready=yes', { ready: 'Must be true.' }],
    [`category=${'a'.repeat(201)}`, { category: 'At most 200 characters.' }],
    ['limit=5', { '(body)': 'Unrecognized key: "limit"' }],
  ])('refuses ?%s with 400 naming the field', async (query, fields) => {
    const { status, body } = await api.get(`/api/apps?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual(fields);
  });

  it('finds one app by slug, and says App Not Found otherwise', async () => {
    const found = await api.get('/api/apps/ticket-triage');
    expect(found.status).toBe(200);
    expect(found.body.name).toBe('Ticket Triage');

    for (const slug of ['no-such-app', 'retired-tool', encodeURIComponent("x' or 1=1 --")]) {
      const missing = await api.get(`/api/apps/${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' });
    }
  });
});

describe('GET /api/apps/search', () => {
  it('matches name, description or category, ignoring case', async () => {
    expect(names((await api.get('/api/apps/search?q=CHASER')).body)).toEqual(['Invoice Chaser']);
    expect(names((await api.get('/api/apps/search?q=rota')).body)).toEqual(['Shift Planner']);
    expect(names((await api.get('/api/apps/search?q=finance')).body)).toEqual(['Invoice Chaser', 'Budget Buddy', 'Expense Snap']);
  });

  it('treats % and _ literally', async () => {
    expect(names((await api.get('/api/apps/search?q=100%25')).body)).toEqual(['Expense Snap']);
    expect((await api.get('/api/apps/search?q=_')).body).toEqual([]);
  });

  it('gives the top 12 for an empty search', async () => {
    for (const query of ['', '?q=', '?q=%20%20']) {
      const { body } = await api.get(`/api/apps/search${query}`);
      expect(names(body)).toEqual(fixtures.slice(0, 12).map((f) => f.name));
    }
  });

  it('refuses an oversized query', async () => {
    const { status, body } = await api.get(`/api/apps/search?q=${'a'.repeat(201)}`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('q');
  });
});

describe('categories', () => {
  it('lists the standard categories with their active app counts', async () => {
    const { body } = await api.get('/api/categories');
    expect(body).toEqual([
      { name: 'Analytics', slug: 'analytics', count: 2 },
      { name: 'Customer Support', slug: 'customer-support', count: 1 },
      { name: 'Finance', slug: 'finance', count: 3 },
      { name: 'HR & Recruiting', slug: 'hr-and-recruiting', count: 2 },
      { name: 'Marketing', slug: 'marketing', count: 1 },
      { name: 'Other', slug: 'other', count: 0 },
      { name: 'Productivity', slug: 'productivity', count: 2 },
      { name: 'Sales', slug: 'sales', count: 2 },
    ]);
  });

  it('gives a category with its apps, most viewed first', async () => {
    const { status, body } = await api.get('/api/categories/finance');
    expect(status).toBe(200);
    expect(body.category).toEqual({ name: 'Finance', slug: 'finance', count: 3 });
    expect(names(body.apps.items)).toEqual(['Invoice Chaser', 'Budget Buddy', 'Expense Snap']);
    expect(body.apps).toMatchObject({ page: 1, pageSize: 12, filtered: 3 });
    expect((await api.get('/api/categories/other')).body).toEqual({
      category: { name: 'Other', slug: 'other', count: 0 },
      apps: { items: [], page: 1, pageSize: 12, total: fixtures.length - 1, filtered: 0 },
    });
  });

  it('pages a category, and refuses a bad page with 400 naming the field', async () => {
    const second = await api.get('/api/categories/finance?page=2&pageSize=2');
    expect(names(second.body.apps.items)).toEqual(['Expense Snap']);
    expect(second.body.apps).toMatchObject({ page: 2, pageSize: 2, filtered: 3 });
    for (const [query, fields] of [
      ['page=-1', { page: 'Must be 1 or more.' }],
      ['pageSize=0', { pageSize: 'Must be 1 or more.' }],
      ['sort=name', { '(body)': 'Unrecognized key: "sort"' }],
    ] as const) {
      const { status, body } = await api.get(`/api/categories/finance?${query}`);
      expect(status, query).toBe(400);
      expect(body.fields, query).toEqual(fields);
    }
  });

  it('says Category Not Found for an unknown slug', async () => {
    const { status, body } = await api.get('/api/categories/astrology');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'CATALOGUE.CATEGORY_NOT_FOUND', message: 'Category Not Found' });
  });
});

describe('catalogue commands and the apps projection', () => {
  it('refuses a second app with the same slug, and writes nothing', async () => {
    const before = await countEvents();
    await expect(
      api.app.get(CommandBus).execute(new AddApp({ name: 'Invoice  Chaser!', description: 'd', category: 'Finance' })),
    ).rejects.toMatchObject({ status: 409, code: 'CATALOGUE.SLUG_TAKEN' });
    expect(await countEvents()).toBe(before);
  });

  it('refuses invalid fields with a 400 naming them, and writes nothing', async () => {
    const before = await countEvents();
    await expect(
      api.app.get(CommandBus).execute(new AddApp({ name: '', description: 'd', category: 'Finance', featured: 'yes' })),
    ).rejects.toMatchObject({ status: 400, fields: { name: expect.any(String), featured: expect.any(String) } });
    expect(await countEvents()).toBe(before);
  });

  it('applies updates and recomputes derived fields', async () => {
    const id = ids['Lead Scorer']!;
    await decideAndAppend(api.app.get(EventStore), appStream(id), appDecider, {
      type: 'UpdateApp',
      id,
      changes: { replaces_tools: 'CRM export sheet', category: 'Customer Support', development_status: 'beta' },
    });
    const { body } = await api.get('/api/apps/lead-scorer');
    expect(body).toMatchObject({
      keyword_bof: 'CRM export sheet',
      category: 'Customer Support',
      category_slug: 'customer-support',
      development_status: 'beta',
      views: 700,
    });
  });

  it('rebuilds the apps read model to exactly the live one', async () => {
    const snapshot = () => sql`select * from apps order by id`.execute(api.database.handle.db).then((r) => r.rows);
    const live = await snapshot();
    expect(live.length).toBe(fixtures.length);
    expect(await api.app.get(ProjectionRunner).rebuild('apps')).toBeGreaterThanOrEqual(fixtures.length + 2);
    expect(await snapshot()).toEqual(live);
  });
});

const HEADLESS_CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

describe('view counting', () => {
  // Each view from a client address of its own unless the test names one (a client's views of an app count
  // up to APP_VIEWS_PER_CLIENT_HOUR an hour).
  let viewers = 0;
  const address = () => `10.8.${Math.floor(++viewers / 250)}.${(viewers % 250) + 1}`;
  const post = (path: string, body: unknown = { sessionId: randomUUID() }, userAgent = BROWSER_UA, client = address()) =>
    fetch(api.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': client },
      body: body === null ? undefined : JSON.stringify(body),
    });
  // From the tables (the public reads are cached for a second): the starting figure plus the counted views.
  const viewsOf = async (slug: string) => {
    const { rows } = await sql<{ views: number }>`
      select (a.base_views + coalesce(v.views, 0))::int as views from apps a left join app_views v on v.app_id = a.id
      where a.slug = ${slug}`.execute(api.database.handle.db);
    return rows[0]!.views;
  };

  it('counts 50 concurrent views of an app from 50 sessions, losing none', async () => {
    const id = ids['Churn Radar']!;
    const before = await viewsOf('churn-radar');
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(`/api/apps/${id}/views`)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(202));
    await eventually(async () => (await viewsOf('churn-radar')) === before + 50);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'AppViewed'`.execute(
      api.database.handle.db,
    );
    expect(rows[0]!.n).toBe(50);
  });

  it('counts every view by a person: one opens the page twice in a visit, another once, and the count rises by 3', async () => {
    const id = ids['Invoice Chaser']!;
    const before = await viewsOf('invoice-chaser');
    const [first, second] = [
      { client: address(), sessionId: randomUUID() },
      { client: address(), sessionId: randomUUID() },
    ];
    const answers = [
      await post(`/api/apps/${id}/views`, { sessionId: first.sessionId }, BROWSER_UA, first.client),
      await post(`/api/apps/${id}/views`, { sessionId: first.sessionId, viewId: randomUUID() }, BROWSER_UA, first.client),
      await post(`/api/apps/${id}/views`, { sessionId: second.sessionId }, BROWSER_UA, second.client),
    ];
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    await settled(api);
    expect(await viewsOf('invoice-chaser')).toBe(before + 3);
  });

  it(`counts at most ${APP_VIEWS_PER_CLIENT_HOUR} views of an app from one client address in an hour, answering the rest alike`, async () => {
    const [churn, budget] = [ids['Churn Radar']!, ids['Budget Buddy']!];
    const before = { churn: await viewsOf('churn-radar'), budget: await viewsOf('budget-buddy'), events: await countEvents() };
    const client = address();
    // Fresh session ids change nothing: they are the client's to make up.
    const answers = await Promise.all(
      Array.from({ length: APP_VIEWS_PER_CLIENT_HOUR + 1 }, () =>
        post(`/api/apps/${churn}/views`, { sessionId: randomUUID() }, BROWSER_UA, client),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(APP_VIEWS_PER_CLIENT_HOUR + 1).fill(202));
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual(Array(APP_VIEWS_PER_CLIENT_HOUR + 1).fill({}));
    // Another app's views from the same client are counted on their own.
    expect((await post(`/api/apps/${budget}/views`, { sessionId: randomUUID() }, BROWSER_UA, client)).status).toBe(202);
    await settled(api);
    expect(await viewsOf('churn-radar')).toBe(before.churn + APP_VIEWS_PER_CLIENT_HOUR);
    expect(await viewsOf('budget-buddy')).toBe(before.budget + 1);
    expect(await countEvents()).toBe(before.events + APP_VIEWS_PER_CLIENT_HOUR + 1);
  });

  it('counts a view sent again with the same view id once', async () => {
    const id = ids['Stock Keeper']!;
    const before = await viewsOf('stock-keeper');
    const view = { sessionId: randomUUID(), viewId: randomUUID() };
    const client = address();
    const answers = await Promise.all([post(`/api/apps/${id}/views`, view, BROWSER_UA, client), post(`/api/apps/${id}/views`, view)]);
    expect(answers.map((r) => r.status)).toEqual([202, 202]);
    await settled(api);
    // Once more, in a later batch: the view is remembered across batches.
    expect((await post(`/api/apps/${id}/views`, view, BROWSER_UA, client)).status).toBe(202);
    await settled(api);
    expect(await viewsOf('stock-keeper')).toBe(before + 1);
  });

  it('still counts the views of older events, which carried a session and no view id, once per session', async () => {
    const id = ids['Ticket Triage']!;
    const before = await viewsOf('ticket-triage');
    const session = randomUUID();
    const viewed: AppViewed = { type: 'AppViewed', data: { appId: id, sessionId: session } };
    await api.app.get(EventStore).appendUnversioned([viewed, viewed, viewed].map((event) => ({ streamId: appViewsStream(id), ...event })));
    await settled(api);
    expect(await viewsOf('ticket-triage')).toBe(before + 1);
  });

  it('does not count crawlers, headless browsers or HTTP libraries, and answers them alike', async () => {
    const id = ids['Budget Buddy']!;
    const before = { views: await viewsOf('budget-buddy'), events: await countEvents() };
    for (const bot of [GOOGLEBOT_UA, HEADLESS_CHROME_UA, 'node', 'k6/0.48.0 (https://k6.io/)']) {
      const answer = await post(`/api/apps/${id}/views`, { sessionId: randomUUID() }, bot);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({});
    }
    await settled(api);
    expect(await countEvents()).toBe(before.events);
    expect(await viewsOf('budget-buddy')).toBe(before.views);
  });

  it('still counts a view recorded before views carried their session, once', async () => {
    const before = await viewsOf('budget-buddy');
    const viewed: AppViewed = { type: 'AppViewed', data: { appId: ids['Budget Buddy']! } };
    await api.app.get(EventStore).appendUnversioned([{ streamId: appViewsStream(ids['Budget Buddy']!), ...viewed }]);
    await settled(api);
    expect(await viewsOf('budget-buddy')).toBe(before + 1);
  });

  it('moves an app up the popularity order as its views are counted', async () => {
    const id = ids['Meeting Notes']!; // 90 views, last of the active apps
    await Promise.all(Array.from({ length: 20 }, () => post(`/api/apps/${id}/views`)));
    await eventually(async () => (await viewsOf('meeting-notes')) === 110);
    const { body } = await api.get('/api/apps/top?limit=20');
    expect(names(body).indexOf('Meeting Notes')).toBeLessThan(names(body).indexOf('Survey Sense'));
  });

  it('refuses views of unknown or retired apps, bad ids and bad sessions, writing nothing', async () => {
    const before = await countEvents();
    const unknown = await post('/api/apps/00000000-0000-4000-8000-000000000000/views');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' });
    expect((await post(`/api/apps/${ids['Retired Tool']}/views`)).status).toBe(404);
    const bad = await post(`/api/apps/${encodeURIComponent("1' or '1'='1")}/views`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'id: Not an app id', fields: { id: 'Not an app id' } });
    const id = ids['Churn Radar']!;
    for (const body of [{ sessionId: 'not-a-uuid' }, { sessionId: '00000000-0000-1000-8000-000000000000' }, {}]) {
      const answer = await post(`/api/apps/${id}/views`, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual({ sessionId: 'Must be a UUID (v4).' });
    }
    for (const viewId of ['not-a-uuid', '00000000-0000-1000-8000-000000000000', 42]) {
      const answer = await post(`/api/apps/${id}/views`, { sessionId: randomUUID(), viewId });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual({ viewId: 'Must be a UUID (v4).' });
    }
    const extra = await post(`/api/apps/${id}/views`, { sessionId: randomUUID(), views: 1000 });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { '(body)': 'Unrecognized key: "views"' } });
    expect((await post(`/api/apps/${id}/views`, null)).status).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it('rebuilds the view counts to exactly the live ones', async () => {
    const runner = api.app.get(ProjectionRunner);
    await runner.catchUp('app-views');
    const snapshot = () =>
      Promise.all([
        sql`select * from app_views order by app_id`.execute(api.database.handle.db).then((r) => r.rows),
        sql`select * from counted_app_views order by app_id, view_id`.execute(api.database.handle.db).then((r) => r.rows),
      ]);
    const live = await snapshot();
    expect(live[0].length).toBeGreaterThan(0);
    expect(live[1].length).toBeGreaterThan(0);
    await runner.rebuild('app-views');
    expect(await snapshot()).toEqual(live);
  });
});

describe('service endpoints', () => {
  it('reports liveness and readiness (database and Redis)', async () => {
    expect((await api.get('/api/health/live')).body).toEqual({ status: 'ok' });
    expect(await api.get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'up', redis: 'up' } },
    });
  });

  it('documents every endpoint in OpenAPI, with a UI', async () => {
    const { status, body } = await api.get('/api/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        '/api/apps',
        '/api/apps/top',
        '/api/apps/featured',
        '/api/apps/search',
        '/api/apps/{slug}',
        '/api/apps/{id}/views',
        '/api/categories',
        '/api/categories/{slug}',
        '/api/health/live',
        '/api/health/ready',
        '/api/newsletter/subscriptions',
        '/api/emails/unsubscribe',
        '/api/early-access/status',
        '/api/leads',
        '/api/leads/confirm',
        '/api/leads/confirm/check',
        '/api/referral-codes',
        '/api/referrals/leaderboard',
        '/api/referrals/{code}',
        '/api/referrals/{code}/clicks',
        '/api/quiz-results',
        '/api/quiz/questions',
        '/api/conversion-tracking',
        '/api/viral-campaigns',
        '/api/admin/viral-campaigns',
        '/api/admin/viral-campaigns/{id}/end',
        '/api/suggestions',
        '/api/quick-questions',
        '/api/developer-inquiries',
        '/api/auth/sign-up',
        '/api/auth/confirm',
        '/api/auth/sign-in',
        '/api/auth/refresh',
        '/api/auth/sign-out',
        '/api/auth/me',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/setup/first-admin',
        '/api/site/not-found',
        '/api/analytics/collect',
        '/api/admin/overview',
        '/api/admin/apps',
        '/api/admin/apps/google-ads.csv',
        '/api/admin/apps/import',
        '/api/admin/apps/{id}',
        '/api/admin/apps/{id}/links',
        '/api/admin/apps/{id}/deactivate',
        '/api/admin/apps/{id}/reactivate',
        '/api/admin/analytics/engagement',
        '/api/admin/analytics/growth',
        '/api/admin/analytics/daily',
        '/api/admin/analytics/utm-campaigns',
        '/api/admin/analytics/traffic-sources',
        '/api/admin/analytics/bots',
        '/api/admin/analytics/leads/{leadId}/activity',
        '/api/admin/analytics/leads/by-id/{leadId}',
        '/api/admin/audit',
        '/api/admin/analytics/search-queries',
        '/api/admin/analytics/search-queries/fetch',
        '/api/admin/analytics/search-queries/import',
        '/api/admin/analytics/demand',
        '/api/admin/analytics/demand/export.csv',
        '/api/admin/analytics/demand/merge',
        '/api/admin/analytics/demand/split',
        '/api/admin/analytics/demand/mark',
        '/api/admin/leads',
        '/api/admin/leads/export.csv',
        '/api/admin/leads/{id}',
        '/api/admin/leads/{id}/referral/void',
        '/api/admin/suggestions',
        '/api/admin/suggestions/{id}',
        '/api/admin/quick-questions',
        '/api/admin/quick-questions/{id}',
        '/api/admin/developer-inquiries',
        '/api/admin/developer-inquiries/{id}',
        '/api/admin/settings',
        '/api/admin/queues/session',
        '/api/admin/sitemap/regenerate',
      ].sort(),
    );
    expect(body.paths['/api/apps/top'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'offset']);
    const ui = await api.get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it("documents the early-access and account answers with the contract's schemas (contracts/)", async () => {
    const { body } = await api.get('/api/openapi.json');
    const answers: [method: string, path: string, status: number, schema: Parameters<typeof openApiSchema>[0]][] = [
      ['get', '/api/early-access/status', 200, earlyAccessStatusSchema],
      ['post', '/api/leads', 201, joinWaitlistResultSchema],
      ['post', '/api/leads', 200, joinWaitlistResultSchema],
      ['post', '/api/newsletter/subscriptions', 201, newsletterSubscriptionSchema],
      ['post', '/api/referral-codes', 201, issuedReferralCodeSchema],
      ['get', '/api/referrals/{code}', 200, referralStatsSchema],
      ['get', '/api/referrals/leaderboard', 200, z.array(leaderboardEntrySchema)],
      ['post', '/api/quiz/questions', 200, quizQuestionAnswerSchema],
      ['post', '/api/quiz-results', 201, quizOutcomeSchema],
      ['post', '/api/auth/sign-up', 201, signUpResultSchema],
      ['post', '/api/auth/confirm', 200, confirmedSessionSchema],
      ['post', '/api/auth/sign-in', 200, sessionSchema],
      ['post', '/api/auth/forgot-password', 202, passwordResetRequestedSchema],
      ['post', '/api/auth/reset-password', 200, sessionSchema],
      ['post', '/api/auth/refresh', 200, sessionSchema],
      ['get', '/api/auth/me', 200, sessionUserSchema],
      ['post', '/api/setup/first-admin', 200, sessionSchema],
      ['get', '/api/setup/first-admin', 200, firstAdminLinkSchema],
    ];
    for (const [method, path, status, schema] of answers) {
      const documented = body.paths[path][method].responses[status]?.content?.['application/json']?.schema;
      expect(documented, `${method.toUpperCase()} ${path} ${status}`).toEqual(openApiSchema(schema));
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await api.get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });
});

describe('the read cache (CATALOGUE_CACHE_MS, 1 s by default)', () => {
  // A change the cache cannot hear of: made in the read model behind this process's back, as another
  // replica's projection would.
  const setDescriptionBehindItsBack = (slug: string, description: string) =>
    sql`update apps set description = ${description} where slug = ${slug}`.execute(api.database.handle.db);
  const descriptionOf = (body: unknown) =>
    (Array.isArray(body) ? body.find((app: { slug: string }) => app.slug === 'quote-builder') : body).description as string;

  it('answers a read from memory for up to CATALOGUE_CACHE_MS, then reads the database again', async () => {
    // A longer time than the default, so that a slow machine still reads within it.
    const cached = await startApi({ CATALOGUE_CACHE_MS: '3000' }, api.database);
    const reads = {
      app: async () => descriptionOf((await cached.get('/api/apps/quote-builder')).body),
      search: async () => descriptionOf((await cached.get('/api/apps/search?q=Quote')).body),
      top: async () => descriptionOf((await cached.get('/api/apps/top?limit=20')).body),
      category: async () => descriptionOf((await cached.get('/api/categories/sales')).body.apps.items),
    };
    try {
      for (const read of Object.values(reads)) expect(await read()).toBe('Turns a price list into quotes.');
      await setDescriptionBehindItsBack('quote-builder', 'Changed elsewhere.');
      for (const read of Object.values(reads)) expect(await read()).toBe('Turns a price list into quotes.');
      // Each read was kept from its own first answer: each shows the change once its time is up.
      for (const read of Object.values(reads)) await eventually(async () => (await read()) === 'Changed elsewhere.', { timeout: 10_000 });
    } finally {
      await setDescriptionBehindItsBack('quote-builder', 'Turns a price list into quotes.');
      await cached.close();
    }
  });

  it("shows one view count for an app wherever it shows at a moment: its page, a search, the lists, the page's server render", async () => {
    const cached = await startApi({ CATALOGUE_CACHE_MS: '5000' }, api.database);
    const id = ids['Churn Radar']!;
    const card = (items: { slug: string; views: number }[]) => items.find((app) => app.slug === 'churn-radar')!.views;
    /** The views in the page's server-rendered data (what its first paint shows). */
    const rendered = async () => {
      const { body } = await cached.get('/app/churn-radar');
      const data = JSON.parse(/<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body as string)![1]!);
      return (data['/apps/churn-radar'] as { views: number }).views;
    };
    const figures = async () => ({
      page: (await cached.get('/api/apps/churn-radar')).body.views as number,
      rendered: await rendered(),
      search: card((await cached.get('/api/apps/search?q=Churn')).body),
      top: card((await cached.get('/api/apps/top?limit=12')).body),
      category: card((await cached.get('/api/categories/analytics')).body.apps.items),
      list: card((await cached.get('/api/apps?sort=popular&pageSize=20')).body.items),
    });
    // Views counted by the async projection (another process's, say) between two reads.
    const countViews = (n: number) =>
      sql`insert into app_views (app_id, views) values (${id}, ${n})
          on conflict (app_id) do update set views = app_views.views + ${n}`.execute(api.database.handle.db);
    try {
      // The server render's first run loads the SPA's code (seconds on a slow machine): before the clock starts.
      await cached.get('/app/quote-builder');
      const before = (await cached.get('/api/apps/churn-radar')).body.views as number;
      await countViews(3);
      // Each read after the count, the app's page first kept from before it: all show the one figure.
      const now = await figures();
      expect(new Set(Object.values(now)), JSON.stringify(now)).toEqual(new Set([before]));
      // Once the time is up, all show the new figure together.
      await eventually(async () => new Set(Object.values(await figures())).size === 1 && (await figures()).page === before + 3, {
        timeout: 15_000,
      });
      expect(new Set(Object.values(await figures()))).toEqual(new Set([before + 3]));
    } finally {
      await countViews(-3);
      await cached.close();
    }
  });

  it('forgets everything when this process commits a catalogue change: an admin reads back what they saved', async () => {
    const id = ids['Expense Snap']!;
    expect((await api.get('/api/apps/expense-snap')).body.development_status).toBe('concept');
    const inFinance = async () => names((await api.get('/api/categories/finance')).body.apps.items);
    expect(await inFinance()).toContain('Expense Snap');
    await decideAndAppend(api.app.get(EventStore), appStream(id), appDecider, {
      type: 'UpdateApp',
      id,
      changes: { development_status: 'beta' },
    });
    expect((await api.get('/api/apps/expense-snap')).body.development_status).toBe('beta');
    await decideAndAppend(api.app.get(EventStore), appStream(id), appDecider, { type: 'DeactivateApp', id });
    expect((await api.get('/api/apps/expense-snap')).status).toBe(404);
    expect(await inFinance()).not.toContain('Expense Snap');
    await decideAndAppend(api.app.get(EventStore), appStream(id), appDecider, { type: 'ReactivateApp', id });
    expect(await inFinance()).toContain('Expense Snap');
  });

  it('keeps no failure: an app that appears is found at once', async () => {
    expect((await api.get('/api/apps/late-arrival')).status).toBe(404);
    await api.app.get(CommandBus).execute(new AddApp({ name: 'Late Arrival', description: 'Added after a 404.', category: 'Other' }));
    expect((await api.get('/api/apps/late-arrival')).body.name).toBe('Late Arrival');
  });

  it('reads the database every time with CATALOGUE_CACHE_MS=0', async () => {
    const uncached = await startApi({ CATALOGUE_CACHE_MS: '0' }, api.database);
    try {
      const read = async () => (await uncached.get('/api/apps/quote-builder')).body.description;
      expect(await read()).toBe('Turns a price list into quotes.');
      await setDescriptionBehindItsBack('quote-builder', 'Changed elsewhere.');
      expect(await read()).toBe('Changed elsewhere.');
    } finally {
      await setDescriptionBehindItsBack('quote-builder', 'Turns a price list into quotes.');
      await uncached.close();
    }
  });
});

async function countEvents(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(api.database.handle.db);
  return rows[0]!.n;
}
