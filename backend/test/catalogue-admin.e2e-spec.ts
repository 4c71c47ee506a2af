/** The admin's catalogue commands over HTTP: guarded, validated, audited, and visible in the public reads. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as canonicalCategoriesMigration } from '../../migrations/2026-11-28-37-canonical-categories.js';
import { appStream, type AppAdded } from '../src/catalogue/app/app.events.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, json, signUpConfirmed } from './auth-helpers.js';

let api: ApiHarness;
let admin: Record<string, string>;
let adminId: string;
let visitor: Record<string, string>;

beforeAll(async () => {
  api = await startApi();
  const session = await createAdmin(api);
  admin = bearer(session);
  adminId = session.user.id;
  visitor = bearer(await signUpConfirmed(api, 'visitor@example.com', 'secret1'));
});
afterAll(async () => {
  await api?.close();
});

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = admin) {
  return fetch(api.url(path), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function countEvents(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(api.database.handle.db);
  return rows[0]!.n;
}

async function eventsOf(id: string) {
  const { rows } = await sql<{ type: string; metadata: { userId?: string } }>`
    select type, metadata from events where stream_id = ${`app-${id}`} order by global_position`.execute(api.database.handle.db);
  return rows;
}

async function create(fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const response = await call('POST', '/api/admin/apps', fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response);
}

const publicGet = (path: string) => fetch(api.url(path)).then(async (r) => ({ status: r.status, body: await json(r) }));

describe('guard', () => {
  it.each([
    ['GET', '/api/admin/apps'],
    ['GET', `/api/admin/apps/${randomUUID()}`],
    ['POST', '/api/admin/apps'],
    ['POST', '/api/admin/apps/import'],
    ['PATCH', `/api/admin/apps/${randomUUID()}`],
    ['PUT', `/api/admin/apps/${randomUUID()}/links`],
    ['POST', `/api/admin/apps/${randomUUID()}/deactivate`],
    ['POST', `/api/admin/apps/${randomUUID()}/reactivate`],
  ])('%s %s: 401 signed out, 403 for a visitor, nothing written', async (method, path) => {
    const before = await countEvents();
    const body = method === 'GET' ? undefined : { name: 'X', description: 'd', category: 'c' };
    const anonymous = await call(method, path, body, {});
    expect(anonymous.status).toBe(401);
    const asVisitor = await call(method, path, body, visitor);
    expect(asVisitor.status).toBe(403);
    expect(await json(asVisitor)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
    expect(await countEvents()).toBe(before);
  });
});

describe('POST /api/admin/apps', () => {
  it('adds an app with every field, recorded as the acting admin, and shows it publicly at once', async () => {
    const { id, slug } = await create({
      name: 'Rota Robot',
      description: 'Plans shifts from availability.',
      long_description: 'Long text.',
      problem_solved: 'Weekly rota takes hours',
      category: 'HR & Recruiting',
      featured: true,
      replaces_tools: 'Excel, WhatsApp',
      development_status: 'beta',
      app_url: 'https://rota.example.com',
      status_text: 'Private beta',
      status_link_enabled: true,
      key_features: ['Availability'],
      how_it_works: ['Connect'],
      spreadsheet_benefits: ['No copy-paste'],
      target_personas: ['Café owners'],
      roi_benefits: ['Save 3 hours'],
      faq_items: [{ question: 'Free?', answer: 'Yes.' }],
      meta_title: 'Rota Robot',
      meta_description: 'Shifts without a sheet.',
      keywords: ['rota'],
    });
    expect(slug).toBe('rota-robot');
    const page = await publicGet(`/api/apps/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id,
      development_status: 'beta',
      featured: true,
      faq_items: [{ question: 'Free?', answer: 'Yes.' }],
      views: 0,
    });
    expect(await eventsOf(id)).toEqual([{ type: 'AppAdded', metadata: { userId: adminId } }]);
    const hr = (await publicGet('/api/categories')).body.find((c: { slug: string }) => c.slug === 'hr-and-recruiting');
    expect(hr.count).toBe(1);
  });

  it('refuses a slug in use with 409', async () => {
    await create({ name: 'Taken Name', description: 'd', category: 'Sales' });
    const response = await call('POST', '/api/admin/apps', { name: 'Other', slug: 'taken-name', description: 'd', category: 'Sales' });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: 'CATALOGUE.SLUG_TAKEN' });
  });
});

describe('bad input answers 400 naming the field and writes nothing', () => {
  const id = randomUUID();
  it.each([
    ['POST', '/api/admin/apps', { description: 'd', category: 'c' }, 'name'],
    ['POST', '/api/admin/apps', { name: 'A', description: 'd', category: 'c', colour: 'red' }, '(body)'],
    ['POST', '/api/admin/apps', { name: 'A', description: 'd', category: 'c', featured: 'yes' }, 'featured'],
    ['POST', '/api/admin/apps', { name: 'A', description: 'd', category: 'c', app_url: 'javascript:alert(1)' }, 'app_url'],
    ['POST', '/api/admin/apps', { name: 'A'.repeat(121), description: 'd', category: 'c' }, 'name'],
    ['POST', '/api/admin/apps/import', { rows: [] }, 'rows'],
    ['POST', '/api/admin/apps/import', { rows: [{ row: 1, app: 'A' }] }, 'rows.0.app'],
    ['POST', '/api/admin/apps/import', { rows: [{ row: 0, app: {} }] }, 'rows.0.row'],
    ['POST', '/api/admin/apps/import', { rows: [{ row: 1, app: {}, ifExists: 'rename' }] }, 'rows.0.ifExists'],
    ['POST', '/api/admin/apps/import', { rows: [], extra: 1 }, '(body)'],
    [
      'POST',
      '/api/admin/apps/import',
      { rows: Array.from({ length: 101 }, (_, i) => ({ row: i + 1, app: { name: `A${i}`, description: 'd', category: 'c' } })) },
      'rows',
    ],
    ['PATCH', `/api/admin/apps/${id}`, { views: 5 }, '(body)'],
    ['PATCH', `/api/admin/apps/${id}`, { development_status: 'shipped' }, 'development_status'],
    ['PATCH', `/api/admin/apps/${id}`, { slug: 'Not A Slug' }, 'slug'],
    ['PUT', `/api/admin/apps/${id}/links`, { status_text: 'x', app_url: null, status_link_enabled: true }, 'development_status'],
    [
      'PUT',
      `/api/admin/apps/${id}/links`,
      { development_status: 'beta', status_text: 'x', app_url: 'not a url', status_link_enabled: true },
      'app_url',
    ],
    ['PUT', `/api/admin/apps/${id}/links`, { development_status: 'beta', status_link_enabled: 'true' }, 'status_link_enabled'],
    ['PUT', `/api/admin/apps/${id}/links`, { development_status: 'beta', status_link_enabled: true, name: 'x' }, '(body)'],
    ['POST', '/api/admin/apps/not-an-id/deactivate', undefined, 'id'],
    ['GET', '/api/admin/apps/not-an-id', undefined, 'id'],
  ])('%s %s %j → field %s', async (method, path, body, field) => {
    const before = await countEvents();
    const response = await call(method, path, body);
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(answer.fields)).toContain(field);
    expect(await countEvents()).toBe(before);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const before = await countEvents();
    const malformed = await call('POST', '/api/admin/apps/import', '{"rows": [');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).code).toBe('BAD_REQUEST');
    const huge = await call('POST', '/api/admin/apps', { name: 'A', description: 'x'.repeat(70_000), category: 'c' });
    expect(huge.status).toBe(413);
    expect(await countEvents()).toBe(before);
  });

  it('answers 404 for an app that does not exist', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/admin/apps/${id}`, undefined],
      ['PATCH', `/api/admin/apps/${id}`, { name: 'X' }],
      ['PUT', `/api/admin/apps/${id}/links`, { development_status: 'beta', status_text: null, app_url: null, status_link_enabled: false }],
      ['POST', `/api/admin/apps/${id}/deactivate`, undefined],
      ['POST', `/api/admin/apps/${id}/reactivate`, undefined],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await json(response)).toEqual({ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' });
    }
  });
});

describe('editing', () => {
  it('changes only the fields sent; a new slug moves the public page; the category count follows', async () => {
    const { id } = await create({ name: 'Desk Booker', description: 'Books desks.', category: 'Productivity', key_features: ['Map'] });
    const productivity = async () =>
      (await publicGet('/api/categories')).body.find((c: { slug: string }) => c.slug === 'productivity').count as number;
    const before = await productivity();
    const response = await call('PATCH', `/api/admin/apps/${id}`, { name: 'Desk Buddy', slug: 'desk-buddy', category: 'Customer Support' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id });
    expect((await publicGet('/api/apps/desk-booker')).status).toBe(404);
    expect((await publicGet('/api/apps/desk-buddy')).body).toMatchObject({
      name: 'Desk Buddy',
      description: 'Books desks.',
      category: 'Customer Support',
      category_slug: 'customer-support',
      key_features: ['Map'],
    });
    expect(await productivity()).toBe(before - 1);
    expect((await publicGet('/api/categories/customer-support')).body.apps.items.map((a: { id: string }) => a.id)).toContain(id);
    expect((await eventsOf(id)).at(-1)).toEqual({ type: 'AppUpdated', metadata: { userId: adminId } });
  });

  it('records nothing when nothing changes, and refuses a slug another app uses', async () => {
    const { id } = await create({ name: 'Same Same', description: 'd', category: 'Sales' });
    await create({ name: 'Other App', description: 'd', category: 'Sales' });
    const before = await countEvents();
    expect((await call('PATCH', `/api/admin/apps/${id}`, { name: 'Same Same' })).status).toBe(200);
    expect(await countEvents()).toBe(before);
    const clash = await call('PATCH', `/api/admin/apps/${id}`, { slug: 'other-app' });
    expect(clash.status).toBe(409);
    expect(await countEvents()).toBe(before);
  });

  it('saves the App Links settings, shown on the public page', async () => {
    const { id, slug } = await create({ name: 'Link Test', description: 'd', category: 'Sales' });
    const response = await call('PUT', `/api/admin/apps/${id}/links`, {
      development_status: 'launched',
      status_text: 'Live now',
      app_url: 'https://link.example.com/start',
      status_link_enabled: true,
    });
    expect(response.status).toBe(200);
    expect((await publicGet(`/api/apps/${slug}`)).body).toMatchObject({
      development_status: 'launched',
      status_text: 'Live now',
      app_url: 'https://link.example.com/start',
      status_link_enabled: true,
    });
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['AppAdded', 'AppUpdated']);
    await call('PUT', `/api/admin/apps/${id}/links`, {
      development_status: 'concept',
      status_text: '',
      app_url: null,
      status_link_enabled: false,
    });
    expect((await publicGet(`/api/apps/${slug}`)).body).toMatchObject({ development_status: 'concept', status_text: null, app_url: null });
  });
});

describe('deactivating and reactivating', () => {
  it('hides the app from every public read, keeps it in the admin list, and brings it back', async () => {
    const { id, slug } = await create({ name: 'Fade Out', description: 'Soon gone.', category: 'Marketing', featured: true });
    const publicIds = async () => {
      const [all, featured, search, category, top] = await Promise.all([
        publicGet('/api/apps'),
        publicGet('/api/apps/featured'),
        publicGet('/api/apps/search?q=fade'),
        publicGet('/api/categories/marketing'),
        publicGet('/api/apps/top?limit=100'),
      ]);
      return [all.body.items, featured.body, search.body, category.body.apps?.items ?? [], top.body].map((list: { id: string }[]) =>
        list.some((a) => a.id === id),
      );
    };
    expect(await publicIds()).toEqual([true, true, true, true, true]);
    const sitemap = () => fetch(api.url('/sitemap.xml')).then((r) => r.text());
    expect(await sitemap()).toContain(`/app/${slug}<`);

    const off = await call('POST', `/api/admin/apps/${id}/deactivate`);
    expect(off.status).toBe(200);
    expect(await json(off)).toEqual({ id, is_active: false });
    expect(await publicIds()).toEqual([false, false, false, false, false]);
    expect((await publicGet(`/api/apps/${slug}`)).status).toBe(404);
    expect(await sitemap()).not.toContain(`/app/${slug}<`);
    const adminList = (await json(await call('GET', '/api/admin/apps?pageSize=100'))).items as { id: string; is_active: boolean }[];
    expect(adminList.find((a) => a.id === id)).toMatchObject({ is_active: false });
    expect(await json(await call('GET', `/api/admin/apps/${id}`))).toMatchObject({ id, is_active: false, name: 'Fade Out' });

    const twice = await countEvents();
    expect((await call('POST', `/api/admin/apps/${id}/deactivate`)).status).toBe(200);
    expect(await countEvents()).toBe(twice);

    const on = await call('POST', `/api/admin/apps/${id}/reactivate`);
    expect(await json(on)).toEqual({ id, is_active: true });
    expect(await publicIds()).toEqual([true, true, true, true, true]);
    expect((await eventsOf(id)).map((e) => [e.type, e.metadata.userId])).toEqual([
      ['AppAdded', adminId],
      ['AppDeactivated', adminId],
      ['AppReactivated', adminId],
    ]);
  });
});

describe('POST /api/admin/apps/import', () => {
  const app = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    description: `About ${name}`,
    problem_solved: 'p',
    replaces_tools: 'Excel',
    category: 'other',
    spreadsheet_benefits: [],
    views: 0,
    featured: false,
    is_active: true,
    ...extra,
  });
  const importRows = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/api/admin/apps/import', body);
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response);
  };

  it('a dry run plans every row with its reason and writes nothing', async () => {
    await create({ name: 'Invoice Chaser', description: 'existing', category: 'Finance' });
    const before = await countEvents();
    const answer = await importRows({
      dryRun: true,
      rows: [
        { row: 2, app: app('Fresh Planner') },
        { row: 3, app: app('Invoice Chaser') },
        { row: 4, app: app('Invoice Chaser'), ifExists: 'update' },
        { row: 5, app: app('Fresh  Planner!') },
        { row: 6, app: app('N'.repeat(150)) },
        { row: 7, app: app('🚀🔥') },
        { row: 8, app: app('') },
        { row: 9, app: app('Long Text', { description: 'x'.repeat(1001) }) },
      ],
    });
    expect(await countEvents()).toBe(before);
    expect(answer).toMatchObject({ dryRun: true, added: 1, updated: 0, skipped: 7 });
    expect(answer.rows).toEqual([
      { row: 2, action: 'add', slug: 'fresh-planner', id: null, reasons: [] },
      {
        row: 3,
        action: 'skip',
        slug: 'invoice-chaser',
        id: null,
        reasons: [{ code: 'SLUG_TAKEN', message: 'An app with the address "invoice-chaser" already exists.' }],
      },
      // Row 3 took the address first: row 4 repeats it, whatever it asks.
      {
        row: 4,
        action: 'skip',
        slug: 'invoice-chaser',
        id: null,
        reasons: [{ code: 'DUPLICATE_IN_FILE', message: 'Same address "invoice-chaser" as row 3.' }],
      },
      {
        row: 5,
        action: 'skip',
        slug: 'fresh-planner',
        id: null,
        reasons: [{ code: 'DUPLICATE_IN_FILE', message: 'Same address "fresh-planner" as row 2.' }],
      },
      {
        row: 6,
        action: 'skip',
        slug: 'n'.repeat(150).slice(0, 120),
        id: null,
        reasons: [{ code: 'INVALID', field: 'name', message: 'The name is too long (at most 120 characters).' }],
      },
      {
        row: 7,
        action: 'skip',
        slug: null,
        id: null,
        reasons: [{ code: 'INVALID', field: 'name', message: 'The name needs at least one letter or digit.' }],
      },
      { row: 8, action: 'skip', slug: null, id: null, reasons: [{ code: 'INVALID', field: 'name', message: 'The name is missing.' }] },
      {
        row: 9,
        action: 'skip',
        slug: 'long-text',
        id: null,
        reasons: [{ code: 'INVALID', field: 'description', message: 'The description is too long (at most 1000 characters).' }],
      },
    ]);
  });

  it('imports the valid rows, reports the others, and updates an existing app only when asked', async () => {
    const kept = await create({ name: 'Ledger Lite', description: 'old', category: 'Finance', featured: true });
    const skipped = await create({ name: 'Shift Planner', description: 'old', category: 'HR & Recruiting' });
    const answer = await importRows({
      rows: [
        { row: 1, app: app('Ledger Lite', { description: 'new', spreadsheet_benefits: ['One place'] }), ifExists: 'update' },
        { row: 2, app: app('Shift Planner', { description: 'new' }) },
        { row: 3, app: app('🎉') },
        { row: 4, app: app('T'.repeat(150)) },
        { row: 5, app: app('Table Turner') },
        { row: 6, app: app('Hidden Import', { is_active: false }) },
        { row: 7, app: app('Table Turner') },
      ],
    });
    expect(answer).toMatchObject({ dryRun: false, added: 2, updated: 1, skipped: 4 });
    expect(answer.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [1, 'update'],
      [2, 'skip'],
      [3, 'skip'],
      [4, 'skip'],
      [5, 'add'],
      [6, 'add'],
      [7, 'skip'],
    ]);
    expect(answer.rows[0]).toMatchObject({ id: kept.id, slug: 'ledger-lite', reasons: [{ code: 'SLUG_TAKEN' }] });
    // The update changes the content and keeps the address, the featured flag and the id; nothing gets a `-2`.
    expect((await publicGet('/api/apps/ledger-lite')).body).toMatchObject({
      id: kept.id,
      description: 'new',
      featured: true,
      spreadsheet_benefits: ['One place'],
    });
    expect((await publicGet('/api/apps/ledger-lite-2')).status).toBe(404);
    expect((await publicGet('/api/apps/shift-planner')).body).toMatchObject({ id: skipped.id, description: 'old' });
    expect((await publicGet('/api/apps/table-turner')).body).toMatchObject({ description: 'About Table Turner' });
    expect((await publicGet('/api/apps/table-turner-2')).status).toBe(404);
    expect((await publicGet('/api/apps/hidden-import')).status).toBe(404);
    expect((await eventsOf(answer.rows[5].id)).map((e) => [e.type, e.metadata.userId])).toEqual([
      ['AppAdded', adminId],
      ['AppDeactivated', adminId],
    ]);
    expect((await eventsOf(kept.id)).map((e) => [e.type, e.metadata.userId])).toEqual([
      ['AppAdded', adminId],
      ['AppUpdated', adminId],
    ]);
  });

  it('imports 1,000 rows in requests of 100, each answered quickly, after a dry run of the whole file', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ row: i + 2, app: app(`Bulk App ${i}`, { description: 'x'.repeat(300) }) }));
    const plan = await importRows({ dryRun: true, rows });
    expect(plan).toMatchObject({ added: 1000, skipped: 0 });
    let added = 0;
    for (let start = 0; start < rows.length; start += 100) {
      const started = performance.now();
      const answer = await importRows({ rows: rows.slice(start, start + 100) });
      expect(performance.now() - started).toBeLessThan(10_000);
      added += answer.added;
    }
    expect(added).toBe(1000);
    expect((await publicGet('/api/apps/bulk-app-999')).body).toMatchObject({ name: 'Bulk App 999' });
    // The same file again: every row is an existing app's, skipped, and says so.
    const again = await importRows({ dryRun: true, rows });
    expect(again).toMatchObject({ added: 0, skipped: 1000 });
    expect(again.rows[999].reasons).toEqual([{ code: 'SLUG_TAKEN', message: 'An app with the address "bulk-app-999" already exists.' }]);
  }, 120_000);
});

describe('categories: one canonical name whatever the case it was written in', () => {
  const imported = (name: string, category: string) => ({
    name,
    description: `About ${name}`,
    problem_solved: 'Sorting receipts by hand',
    replaces_tools: 'Excel',
    category,
    spreadsheet_benefits: [],
    views: 0,
    featured: false,
    is_active: true,
  });
  /** The Google Ads Editor file as Ads Editor reads it: its records, by column. */
  const adsFile = async () => {
    const response = await call('GET', '/api/admin/apps/google-ads.csv');
    expect(response.status).toBe(200);
    return parse(await response.text(), { bom: true, columns: true, comment: '#' }) as Record<string, string>[];
  };
  const badge = async (slug: string) => (await publicGet(`/api/apps/${slug}`)).body.category as string;

  it("an import with `finance`, or with the parsers' default `other`, shows Finance and Other on the badges and in the Ads file", async () => {
    const response = await call('POST', '/api/admin/apps/import', {
      rows: [
        { row: 2, app: imported('Receipt Finch', 'finance') },
        // The text and CSV parsers' default when a row names no category (spec: default 'other').
        { row: 3, app: imported('Odd Jobber', 'other') },
        { row: 4, app: imported('Crew Sheet', 'hr and recruiting') },
        { row: 5, app: imported('Brief Keeper', 'Legal') },
      ],
    });
    expect(response.status).toBe(200);
    expect(await badge('receipt-finch')).toBe('Finance');
    expect(await badge('odd-jobber')).toBe('Other');
    expect(await badge('crew-sheet')).toBe('HR & Recruiting');
    // A category outside the spec's list is kept as written.
    expect(await badge('brief-keeper')).toBe('Legal');
    // The cards: a category's page, a search, the categories list.
    const finance = (await publicGet('/api/categories/finance')).body.apps.items as { slug: string; category: string }[];
    expect(finance.find((app) => app.slug === 'receipt-finch')?.category).toBe('Finance');
    const found = (await publicGet('/api/apps/search?q=Odd%20Jobber')).body as { slug: string; category: string }[];
    expect(found.map((app) => app.category)).toEqual(['Other']);
    const names = ((await publicGet('/api/categories')).body as { name: string }[]).map((category) => category.name);
    expect(names).not.toContain('finance');
    expect(names).not.toContain('other');
    // The Ads file: the ad group's name, the category headline and the workflow line.
    const rows = await adsFile();
    const ad = (group: string) => rows.find((row) => row['Ad Group'] === group && row['Ad Type'])!;
    expect(ad('Receipt Finch - Finance')['Headline 2']).toBe('Finance AI Tool');
    expect(ad('Receipt Finch - Finance')['Description 2']).toBe('Transform your Finance workflow with AI-powered automation.');
    expect(ad('Odd Jobber - Other')['Headline 2']).toBe('Other AI Tool');
    expect(ad('Crew Sheet - HR & Recruiting')['Headline 2']).toBe('HR & Recruiting AI Tool');
  });

  it('an add and an edit in any case store the canonical name', async () => {
    const { id, slug } = await create({ name: 'Case Tester', description: 'Tests case.', category: 'customer SUPPORT' });
    expect(await badge(slug)).toBe('Customer Support');
    expect((await call('PATCH', `/api/admin/apps/${id}`, { category: 'FINANCE' })).status).toBe(200);
    expect(await badge(slug)).toBe('Finance');
  });

  it('an event written in lower case projects, and rebuilds, to the canonical name; the migration rewrites stored rows', async () => {
    const id = randomUUID();
    const event: AppAdded = {
      type: 'AppAdded',
      data: {
        id,
        views: 0,
        name: 'Old Import',
        slug: 'old-import',
        description: 'Imported before categories were canonical.',
        long_description: null,
        problem_solved: null,
        category: 'finance',
        featured: false,
        replaces_tools: null,
        development_status: 'concept',
        app_url: null,
        status_text: null,
        status_link_enabled: false,
        key_features: [],
        how_it_works: [],
        spreadsheet_benefits: [],
        target_personas: [],
        roi_benefits: [],
        roi_figures: null,
        faq_items: [],
        meta_title: null,
        meta_description: null,
        keywords: [],
      },
    };
    await api.app.get(EventStore).append(appStream(id), [event], 0);
    expect(await badge('old-import')).toBe('Finance');
    await api.app.get(ProjectionRunner).rebuild('apps');
    expect(await badge('old-import')).toBe('Finance');
    // A row stored in lower case (as the read model held it before): the migration rewrites it.
    await sql`update apps set category = 'finance' where id = ${id}`.execute(api.database.handle.db);
    await canonicalCategoriesMigration(api.database.handle.db);
    const { rows } = await sql<{ category: string }>`select category from apps where id = ${id}`.execute(api.database.handle.db);
    expect(rows[0]!.category).toBe('Finance');
  });
});

describe("an app's ROI figures", () => {
  const figures = { faster_pct: 60, fewer_errors_pct: 35, cost_savings_pct: 18, roi_pct: 240, projected_usd: 12_500 };

  it('are none until given, then set, changed and cleared by the admin, and read publicly', async () => {
    const { id, slug } = await create({ name: 'Figure Keeper', description: 'd', category: 'Finance' });
    expect((await publicGet(`/api/apps/${slug}`)).body.roi_figures).toBeNull();

    const set = await call('PATCH', `/api/admin/apps/${id}`, { roi_figures: figures });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await publicGet(`/api/apps/${slug}`)).body.roi_figures).toEqual(figures);

    await call('PATCH', `/api/admin/apps/${id}`, { roi_figures: { ...figures, roi_pct: 300 } });
    expect((await publicGet(`/api/apps/${slug}`)).body.roi_figures).toEqual({ ...figures, roi_pct: 300 });

    await call('PATCH', `/api/admin/apps/${id}`, { roi_figures: null });
    expect((await publicGet(`/api/apps/${slug}`)).body.roi_figures).toBeNull();
  });

  it('are taken when the app is created', async () => {
    const { slug } = await create({ name: 'Figure Maker', description: 'd', category: 'Finance', roi_figures: figures });
    expect((await publicGet(`/api/apps/${slug}`)).body.roi_figures).toEqual(figures);
  });

  it.each([
    [{ ...figures, faster_pct: 0 }, 'roi_figures.faster_pct', 'Enter a whole number from 1 to 100.'],
    [{ ...figures, fewer_errors_pct: 101 }, 'roi_figures.fewer_errors_pct', 'Enter a whole number from 1 to 100.'],
    [{ ...figures, cost_savings_pct: 12.5 }, 'roi_figures.cost_savings_pct', 'Enter a whole number from 1 to 100.'],
    [{ ...figures, roi_pct: '40%' }, 'roi_figures.roi_pct', 'Enter a whole number from 1 to 1,000.'],
    [{ ...figures, projected_usd: 20_000_000 }, 'roi_figures.projected_usd', 'Enter a whole number from 1 to 10,000,000.'],
    [{ faster_pct: 45 }, 'roi_figures.fewer_errors_pct', 'Enter a whole number from 1 to 100.'],
    [{ ...figures, payback_months: 3 }, 'roi_figures', 'Unrecognized key: "payback_months"'],
    ['45% faster', 'roi_figures', 'Invalid input: expected object, received string'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (bad, field, message) => {
    const { id } = await create({ name: `Bad Figures ${randomUUID().slice(0, 8)}`, description: 'd', category: 'Other' });
    const before = await countEvents();
    for (const [method, path, body] of [
      ['POST', '/api/admin/apps', { name: 'Never Added', description: 'd', category: 'Other', roi_figures: bad }],
      ['PATCH', `/api/admin/apps/${id}`, { roi_figures: bad }],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toMatchObject({ [field]: message });
    }
    expect(await countEvents()).toBe(before);
  });

  it('are imported and updated through the import, and a row with bad figures is reported for its row', async () => {
    const row = (name: string, extra: Record<string, unknown>) => ({ name, description: 'd', category: 'Sales', ...extra });
    const plan = await call('POST', '/api/admin/apps/import', {
      dryRun: true,
      rows: [
        { row: 2, app: row('Import Figures', { roi_figures: figures }) },
        { row: 3, app: row('Import Bad Figures', { roi_figures: { ...figures, faster_pct: 150 } }) },
        { row: 4, app: row('Import Missing Figure', { roi_figures: { faster_pct: 45 } }) },
      ],
    });
    expect(plan.status).toBe(200);
    expect((await json(plan)).rows).toMatchObject([
      { row: 2, action: 'add', reasons: [] },
      {
        row: 3,
        action: 'skip',
        reasons: [
          {
            code: 'INVALID',
            field: 'roi_figures.faster_pct',
            message: 'The ROI figure "Faster (%)" is not valid: Enter a whole number from 1 to 100.',
          },
        ],
      },
      {
        row: 4,
        action: 'skip',
        reasons: expect.arrayContaining([expect.objectContaining({ message: 'The ROI figure "Fewer errors (%)" is missing.' })]),
      },
    ]);

    const imported = await call('POST', '/api/admin/apps/import', {
      rows: [{ row: 2, app: row('Import Figures', { roi_figures: figures }) }],
    });
    expect((await json(imported)).added).toBe(1);
    expect((await publicGet('/api/apps/import-figures')).body.roi_figures).toEqual(figures);

    const changed = { ...figures, projected_usd: 99_000 };
    const updated = await call('POST', '/api/admin/apps/import', {
      rows: [{ row: 2, app: row('Import Figures', { roi_figures: changed }), ifExists: 'update' }],
    });
    expect((await json(updated)).updated).toBe(1);
    expect((await publicGet('/api/apps/import-figures')).body.roi_figures).toEqual(changed);
  });
});
