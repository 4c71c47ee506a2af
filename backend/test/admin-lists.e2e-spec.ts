/**
 * The admin's lists over HTTP on a real database, at the sizes the console meets: 20,000 leads, 5,000 apps and
 * a few hundred suggestions, questions, inquiries and audited changes. Each list answers a page (under 50 KB,
 * under 50 ms of server time on a warm server, the median of seven, as the request log times it), with exact counts; walking the pages lists every row once; a bad query
 * parameter is a 400 naming it; the audit trail names the records it lists.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '../../contracts/paging.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { post } from './auth-helpers.js';
import { requestTiming } from './request-timing.js';

const LEADS = 20_000;
const APPS = 5_000;
const MESSAGES = 300;
const AUDITED = 300;
const BODY_MAX = 50 * 1024;
const TIME_MAX_MS = 50;

let api: ApiHarness;
const db = () => api.database.handle.db;
const timing = requestTiming();
const measure = (path: string) => timing.measure(api, path);

/** Source pages in rotation: 4 of 7 leads from /c/finance, 2 from /c/hr, 1 without one (alternately null and ''). */
const sourceOf = (n: number) => (n % 7 < 4 ? '/c/finance' : n % 7 < 6 ? '/c/hr' : n % 2 === 0 ? null : '');
const count = (predicate: (n: number) => boolean) => Array.from({ length: LEADS }, (_, i) => i + 1).filter(predicate).length;

beforeAll(async () => {
  api = await startApi({ RUN_WORKERS: 'false' }, undefined, timing.logger);
  await api.signInAsAdmin();
  const handle = db();
  // Written straight into the read models, as old rows may be. Three leads share each instant, so equal
  // times straddle the page boundaries; every tenth lead is confirmed; the first 100 are explorers.
  await sql`
    insert into leads (id, email, source_page, referral_code, waitlist_position, created_at, mailbox, early_explorer, confirmed_at)
    select gen_random_uuid(), 'lead-' || n || '@example.com',
      case when n % 7 < 4 then '/c/finance' when n % 7 < 6 then '/c/hr' when n % 2 = 0 then null else '' end,
      'R' || n, n, timestamptz '2026-01-01 00:00:00.123457+00' + (n / 3) * interval '1 second',
      'lead-' || n || '@example.com', n <= 100,
      case when n % 10 = 0 then timestamptz '2026-01-02' end
    from generate_series(1, ${LEADS}) as n`.execute(handle);
  // Apps with every field filled, as an import leaves them: the old list sent all of it.
  await sql`
    insert into apps (id, name, slug, description, long_description, problem_solved, category, category_slug, base_views,
      is_active, keyword_bof, key_features, how_it_works, created_at, updated_at)
    select gen_random_uuid(), 'App ' || lpad(n::text, 4, '0'), 'app-' || n, repeat('A description. ', 10),
      repeat('A long description of the app. ', 20), repeat('A problem. ', 10),
      case when n % 2 = 0 then 'Finance' else 'Human Resources' end,
      case when n % 2 = 0 then 'finance' else 'human-resources' end,
      n, n % 5 <> 0, 'app ' || n, '["one","two","three"]'::jsonb, '["a","b","c"]'::jsonb,
      timestamptz '2026-01-01' + n * interval '1 minute', now()
    from generate_series(1, ${APPS}) as n`.execute(handle);
  for (const table of ['quick_questions', 'developer_inquiries'] as const) {
    await sql`
      insert into ${sql.table(table)} (id, name, email, message, status, created_at)
      select gen_random_uuid(), 'Visitor ' || n, 'visitor-' || n || '@example.com', repeat('A question. ', 20),
        case when n % 3 = 0 then 'unread' when n % 3 = 1 then 'read' else 'replied' end,
        timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, ${MESSAGES}) as n`.execute(handle);
  }
  await sql`
    insert into suggestions (id, email, suggestion_text, category, source_page, created_at)
    select gen_random_uuid(), 'visitor-' || n || '@example.com', repeat('An idea. ', 20), 'Finance', '/', timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(1, ${MESSAGES}) as n`.execute(handle);
  // The planner's statistics, as autovacuum keeps them on a live database (a bulk insert leaves none).
  await sql`analyze`.execute(handle);
}, 180_000);
afterAll(async () => {
  await api?.close();
});

/** Every page of a list, first to last, at the largest page size. */
async function walk(path: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const { status, body } = await api.get(`${path}${separator}pageSize=${PAGE_SIZE_MAX}&page=${page}`);
    expect(status).toBe(200);
    items.push(...body.items);
    if (body.items.length < PAGE_SIZE_MAX) return items;
  }
}

const expectDisjointAndComplete = (items: { id: string }[], expected: number) => {
  expect(items).toHaveLength(expected);
  expect(new Set(items.map((item) => item.id)).size).toBe(expected);
};

describe('each list answers a page, small and fast, at full size', () => {
  it.each([
    '/api/admin/leads',
    '/api/admin/leads?source_page=%2Fc%2Fhr&sort=oldest',
    '/api/admin/leads?search=lead-1999&sort=email',
    `/api/admin/leads?page=${LEADS / 100}&pageSize=100`,
    '/api/admin/apps',
    '/api/admin/apps?search=finance&sort=views&pageSize=100',
    '/api/admin/apps?state=active&page=40',
    '/api/admin/suggestions',
    '/api/admin/quick-questions?pageSize=100',
    '/api/admin/developer-inquiries',
    '/api/admin/audit?pageSize=100',
  ])('GET %s', async (path) => {
    const { bytes, ms } = await measure(path);
    expect(bytes, 'body in bytes').toBeLessThan(BODY_MAX);
    expect(ms, 'median server time in ms').toBeLessThan(TIME_MAX_MS);
  });
});

describe('GET /api/admin/leads', () => {
  it("counts exactly: the total, each source page ('(none)' for leads without one), the filter, the spots", async () => {
    const { body } = await api.get('/api/admin/leads');
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: LEADS, filtered: LEADS });
    expect(body.items).toHaveLength(50);
    expect(body.sourcePages).toEqual([
      { page: '/c/finance', count: count((n) => sourceOf(n) === '/c/finance') },
      { page: '/c/hr', count: count((n) => sourceOf(n) === '/c/hr') },
      { page: '(none)', count: count((n) => !sourceOf(n)) },
    ]);
    // Confirmed Explorers hold their spot (among the first 100, every tenth confirmed); the others joined long
    // ago and hold none.
    expect(body.spotsTaken).toBe(count((n) => n <= 100 && n % 10 === 0));
    // Newest first, ties by position: the page starts at the last to join.
    expect(body.items.map((lead: { position: number }) => lead.position)).toEqual(Array.from({ length: 50 }, (_, i) => LEADS - i));
    expect(body.items[0]).toMatchObject({ email: `lead-${LEADS}@example.com`, status: 'confirmed', flags: [], referral: null });

    const hr = await api.get('/api/admin/leads?source_page=%2Fc%2Fhr');
    expect(hr.body).toMatchObject({ total: LEADS, filtered: count((n) => sourceOf(n) === '/c/hr') });
    const none = await api.get('/api/admin/leads?source_page=(none)&pageSize=3');
    expect(none.body.filtered).toBe(count((n) => !sourceOf(n)));
    expect(none.body.items.map((lead: { source_page: string | null }) => lead.source_page ?? null)).toEqual(
      none.body.items.map((lead: { position: number }) => sourceOf(lead.position)),
    );
  });

  it('searches the address in any case, LIKE wildcards meaning themselves, and sorts as asked', async () => {
    const search = await api.get('/api/admin/leads?search=LEAD-1999');
    expect(search.body.filtered).toBe(11); // lead-1999 and lead-19990 … lead-19999
    expect(search.body.items.map((lead: { email: string }) => lead.email)[0]).toBe('lead-19999@example.com');
    const byEmail = await api.get('/api/admin/leads?search=lead-1999&sort=email&pageSize=2');
    const { rows } = await sql<{
      email: string;
    }>`select email from leads where email like '%lead-1999%' order by email, id limit 2`.execute(db());
    expect(byEmail.body.items.map((lead: { email: string }) => lead.email)).toEqual(rows.map((row) => row.email));
    expect((await api.get('/api/admin/leads?search=%25')).body.filtered).toBe(0);
    expect((await api.get('/api/admin/leads?search=lead_1')).body.filtered).toBe(0);
    const oldest = await api.get('/api/admin/leads?sort=oldest&pageSize=2');
    expect(oldest.body.items.map((lead: { position: number }) => lead.position)).toEqual([1, 2]);
  });

  it('lists every lead exactly once when walked to the last page, and one source page whole', async () => {
    expectDisjointAndComplete(await walk('/api/admin/leads'), LEADS);
    expectDisjointAndComplete(
      await walk('/api/admin/leads?source_page=%2Fc%2Fhr'),
      count((n) => sourceOf(n) === '/c/hr'),
    );
    const beyond = await api.get(`/api/admin/leads?page=${LEADS}`);
    expect(beyond.body).toMatchObject({ items: [], total: LEADS, filtered: LEADS });
  }, 60_000);
});

describe('the other lists', () => {
  it('apps: the figures over the whole catalogue, a search over name and category, pages that cover it', async () => {
    const { body } = await api.get('/api/admin/apps?pageSize=3');
    const active = APPS - APPS / 5;
    expect(body).toMatchObject({ total: APPS, filtered: APPS, active, inactive: APPS / 5 });
    // Views of the active apps: n for every n not a multiple of 5.
    const all = (APPS * (APPS + 1)) / 2;
    const fifths = 5 * (((APPS / 5) * (APPS / 5 + 1)) / 2);
    expect(body.activeViews).toBe(all - fifths);
    expect(body.items.map((app: { name: string }) => app.name)).toEqual(['App 0001', 'App 0002', 'App 0003']);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'app_url',
        'category',
        'development_status',
        'featured',
        'id',
        'is_active',
        'name',
        'slug',
        'status_link_enabled',
        'status_text',
        'views',
      ].sort(),
    );
    const search = await api.get('/api/admin/apps?search=human&state=inactive&sort=views&pageSize=1');
    expect(search.body).toMatchObject({ total: APPS, filtered: APPS / 10, items: [{ name: 'App 4995', views: 4995, is_active: false }] });
    expectDisjointAndComplete(await walk('/api/admin/apps'), APPS);
    expectDisjointAndComplete(await walk('/api/admin/apps?state=active'), active);
  }, 60_000);

  it('suggestions, questions and inquiries: the totals and the unread and replied counts, pages that cover them', async () => {
    const suggestions = await api.get('/api/admin/suggestions?pageSize=10');
    expect(suggestions.body).toMatchObject({ page: 1, pageSize: 10, total: MESSAGES, filtered: MESSAGES });
    expect(suggestions.body.items).toHaveLength(10);
    expectDisjointAndComplete(await walk('/api/admin/suggestions'), MESSAGES);
    for (const kind of ['quick-questions', 'developer-inquiries']) {
      const { body } = await api.get(`/api/admin/${kind}?page=2&pageSize=7`);
      expect(body).toMatchObject({ page: 2, pageSize: 7, total: MESSAGES, unread: MESSAGES / 3, replied: MESSAGES / 3 });
      expect(body.items[0].name).toBe(`Visitor ${MESSAGES - 7}`);
      expectDisjointAndComplete(await walk(`/api/admin/${kind}`), MESSAGES);
    }
  });
});

describe('a bad query parameter', () => {
  it.each([
    ['/api/admin/leads?pageSize=101', 'pageSize', 'At most 100.'],
    ['/api/admin/leads?pageSize=0', 'pageSize', 'Must be 1 or more.'],
    ['/api/admin/leads?page=two', 'page', 'Must be a number.'],
    ['/api/admin/leads?page=1.5', 'page', 'Must be a whole number.'],
    ['/api/admin/leads?sort=position', 'sort', 'Must be one of: newest, oldest, email.'],
    ['/api/admin/leads?search=a%0Ab', 'search', 'Control characters are not allowed.'],
    ['/api/admin/leads?search=a%00b', 'search', 'Control characters are not allowed.'],
    ['/api/admin/leads?source_page=%2Fa%1B', 'source_page', 'Control characters are not allowed.'],
    [`/api/admin/leads?search=${'a'.repeat(201)}`, 'search', 'At most 200 characters.'],
    ['/api/admin/leads?search=a&search=b', 'search', 'Must be one text.'],
    ['/api/admin/apps?sort=price', 'sort', 'Must be one of: name, views, newest.'],
    ['/api/admin/apps?state=gone', 'state', 'Must be one of: all, active, inactive.'],
    ['/api/admin/apps?pageSize=500', 'pageSize', 'At most 100.'],
    ['/api/admin/suggestions?pageSize=1000', 'pageSize', 'At most 100.'],
    ['/api/admin/quick-questions?page=0', 'page', 'Must be 1 or more.'],
    ['/api/admin/developer-inquiries?pageSize=x', 'pageSize', 'Must be a number.'],
  ])('%s is refused with 400 naming %s', async (path, field, message) => {
    const { status, body } = await api.get(path);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'VALIDATION_FAILED', message: `${field}: ${message}`, fields: { [field]: message } });
  });

  it.each(['/api/admin/leads?colour=red', '/api/admin/apps?limit=5', '/api/admin/suggestions?offset=1'])(
    '%s: an unknown parameter is refused',
    async (path) => {
      const { status, body } = await api.get(path);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('the audit trail names its records', () => {
  it("shows the app's name, the lead's masked address, the suggestion's category, the sender's masked address", async () => {
    const added = await post(api, '/api/admin/apps', { name: 'Budget Buddy', description: 'd', category: 'Finance' }, api.headers);
    expect(added.status).toBe(201);
    const { id: appId } = (await added.json()) as { id: string };
    const patched = await fetch(api.url(`/api/admin/apps/${appId}`), {
      method: 'PATCH',
      headers: { ...api.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status_text: 'Soon' }),
    });
    expect(patched.status).toBe(200);
    const suggestion = await db().selectFrom('suggestions').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const question = await db()
      .selectFrom('quick_questions')
      .select(['id', 'email'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    for (const [path, body] of [
      [`/api/admin/suggestions/${suggestion.id}`, { status: 'triaged' }],
      [`/api/admin/quick-questions/${question.id}`, { status: 'replied' }],
    ] as const) {
      const response = await fetch(api.url(path), {
        method: 'PATCH',
        headers: { ...api.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(200);
    }
    const lead = await db().selectFrom('leads').select('id').where('email', '=', 'lead-42@example.com').executeTakeFirstOrThrow();
    const adminId = (await api.get('/api/admin/audit')).body.entries[0].actor.userId as string;
    const store = api.app.get(EventStore);
    await store.append(`lead-${lead.id}`, [{ type: 'LeadNoteAdded', data: { leadId: lead.id } }], 'any', { userId: adminId });
    await store.append(`lead-${randomUUID()}`, [{ type: 'LeadDeleted', data: {} }], 'any', { userId: adminId });

    const { body } = await api.get('/api/admin/audit?pageSize=6');
    expect(body.entries.map((entry: { type: string; record: string }) => [entry.type, entry.record])).toEqual([
      ['LeadDeleted', 'Lead (deleted)'],
      ['LeadNoteAdded', 'Lead: le***@example.com'],
      ['QuickQuestionUpdated', `Question: ${question.email.slice(0, 2)}***@example.com`],
      ['SuggestionStatusChanged', 'Suggestion: Finance'],
      ['AppUpdated', 'App: Budget Buddy'],
      ['AppAdded', 'App: Budget Buddy'],
    ]);
    // The raw stream id stays in the answer, for the `stream` filter; no address is shown whole.
    expect(body.entries[4].streamId).toBe(`app-${appId}`);
    expect(JSON.stringify(body)).not.toContain('lead-42@example.com');
  });

  it('answers a full page of a long trail, names and all, within the budget', async () => {
    const adminId = (await api.get('/api/admin/audit')).body.entries[0].actor.userId as string;
    const store = api.app.get(EventStore);
    const suggestions = await db().selectFrom('suggestions').select('id').limit(AUDITED).execute();
    for (const { id } of suggestions) {
      await store.append(`suggestion-${id}`, [{ type: 'SuggestionStatusChanged', data: { suggestionId: id, status: 'done' } }], 'any', {
        userId: adminId,
      });
    }
    const { body } = await api.get('/api/admin/audit?pageSize=100');
    expect(body.total).toBeGreaterThanOrEqual(AUDITED);
    expect(body.entries.every((entry: { record: string }) => entry.record === 'Suggestion: Finance')).toBe(true);
    const { bytes, ms } = await measure('/api/admin/audit?pageSize=100&page=2');
    expect(bytes).toBeLessThan(BODY_MAX);
    expect(ms).toBeLessThan(TIME_MAX_MS);
  }, 60_000);
});
