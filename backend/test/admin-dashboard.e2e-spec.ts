/**
 * The admin dashboard's endpoints: leads (list, delete), the triage of suggestions, questions and inquiries,
 * the settings facts, the sitemap regeneration and the queue dashboard behind its cookie.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueDashboard } from '../src/admin/queue-dashboard.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, json, post, signUpConfirmed } from './auth-helpers.js';

let api: ApiHarness;
let admin: { authorization: string };
let adminId: string;
let visitor: { authorization: string };
let visitorId: string;

beforeAll(async () => {
  api = await startApi({ ADMIN_NOTIFY_EMAIL: 'owner@unsheet.app' });
  const session = await createAdmin(api);
  admin = bearer(session);
  adminId = session.user.id;
  const signedUp = await signUpConfirmed(api, 'visitor@example.com', 'secret1');
  visitor = bearer(signedUp);
  visitorId = signedUp.userId;
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.database.handle.db;

function send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return fetch(api.url(path), {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function lastEvent(type: string) {
  const { rows } = await sql<{ stream_id: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>`
    select stream_id, data, metadata from events where type = ${type} order by global_position desc limit 1`.execute(db());
  return rows[0];
}

async function countEvents(type: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = ${type}`.execute(db());
  return rows[0]!.n;
}

async function created(path: string, body: unknown): Promise<string> {
  const response = await post(api, path, body);
  expect(response.status).toBe(201);
  return ((await json(response)) as { id?: string }).id ?? '';
}

async function joinAs(email: string, source_page: string) {
  expect((await post(api, '/api/leads', { email, source_page })).status).toBe(201);
  return db().selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow();
}

/** The bad-input cases every JSON endpoint answers with 400 naming the field, writing nothing. */
function badBodies(valid: Record<string, unknown>, field: string, wrongType: unknown): [string, unknown, object][] {
  return [
    ['malformed JSON', '{"status":', { code: 'BAD_REQUEST' }],
    ['a wrong type', { ...valid, [field]: wrongType }, { fields: { [field]: expect.any(String) } }],
    ['an unknown field', { ...valid, extra: 1 }, { fields: { '(body)': 'Unrecognized key: "extra"' } }],
    ['a missing field', {}, { fields: { status: expect.any(String) } }],
  ];
}

describe('guards', () => {
  it.each([
    ['GET', '/api/admin/leads'],
    ['DELETE', `/api/admin/leads/${randomUUID()}`],
    ['GET', '/api/admin/suggestions'],
    ['PATCH', `/api/admin/suggestions/${randomUUID()}`],
    ['GET', '/api/admin/quick-questions'],
    ['PATCH', `/api/admin/quick-questions/${randomUUID()}`],
    ['GET', '/api/admin/developer-inquiries'],
    ['PATCH', `/api/admin/developer-inquiries/${randomUUID()}`],
    ['GET', '/api/admin/settings'],
    ['POST', '/api/admin/sitemap/regenerate'],
    ['POST', '/api/admin/queues/session'],
  ])('%s %s: 401 without a token, 403 for a visitor', async (method, path) => {
    const body = method === 'GET' ? undefined : { status: 'done' };
    expect((await send(method, path, {}, body)).status).toBe(401);
    const forbidden = await send(method, path, visitor, body);
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
  });
});

describe('leads', () => {
  it('lists every lead newest first with email, source page, date and standing', async () => {
    await joinAs('first@example.com', '/');
    await joinAs('second@example.com', '/c/finance');
    const response = await send('GET', '/api/admin/leads', admin);
    expect(response.status).toBe(200);
    const page = await json(response);
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 2, filtered: 2, spotsTaken: 2 });
    expect(page.sourcePages).toEqual([
      { page: '/', count: 1 },
      { page: '/c/finance', count: 1 },
    ]);
    const leads = page.items as { email: string; source_page: string; created_at: string; id: string }[];
    expect(leads.slice(0, 2).map(({ email, source_page }) => ({ email, source_page }))).toEqual([
      { email: 'second@example.com', source_page: '/c/finance' },
      { email: 'first@example.com', source_page: '/' },
    ]);
    expect(Object.keys(leads[0]!).sort()).toEqual([
      'confirmed_at',
      'created_at',
      'email',
      'flags',
      'id',
      'position',
      'referral',
      'source_page',
      'status',
    ]);
    expect(leads[0]).toMatchObject({ status: 'pending', confirmed_at: null, flags: [], referral: null });
    expect(new Date(leads[0]!.created_at).getTime()).toBeGreaterThan(0);
  });

  it('deletes a lead: gone from the list and the counts, recorded with the acting admin', async () => {
    const { id } = await joinAs('gone@example.com', '/about');
    const before = (await json(await send('GET', '/api/early-access/status'))).leadCount as number;
    const response = await send('DELETE', `/api/admin/leads/${id}`, admin);
    expect(response.status).toBe(204);
    const leads = (await json(await send('GET', '/api/admin/leads', admin))).items as { id: string }[];
    expect(leads.map((lead) => lead.id)).not.toContain(id);
    expect((await json(await send('GET', '/api/early-access/status'))).leadCount).toBe(before - 1);
    expect(await lastEvent('LeadDeleted')).toEqual({
      stream_id: `lead-${id}`,
      data: { leadId: id, email: expect.stringMatching(/^erased-[0-9a-f]+@erased\.invalid$/) },
      metadata: expect.objectContaining({ userId: adminId }),
    });
    // The person is erased with the lead: no event still holds the address, and the erasure
    // itself is recorded with the acting admin.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where data::text ilike ${'%gone@example.com%'}`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(0);
    expect(await lastEvent('PersonalDataErased')).toMatchObject({ metadata: expect.objectContaining({ userId: adminId }) });
    // The analytics read model forgets it too (async projection).
    await eventually(
      async () => (await db().selectFrom('lead_sessions').select('lead_id').where('lead_id', '=', id).execute()).length === 0,
    );

    const again = await send('DELETE', `/api/admin/leads/${id}`, admin);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ code: 'LEAD.NOT_FOUND', message: 'Lead not found' });
  });

  it('refuses an id that is not a uuid, deleting nothing', async () => {
    const events = await countEvents('LeadDeleted');
    const response = await send('DELETE', '/api/admin/leads/not-an-id', admin);
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({ id: 'Not a lead id' });
    expect(await countEvents('LeadDeleted')).toBe(events);
  });
});

describe('suggestions', () => {
  it('lists suggestions newest first and changes a status, recorded with the acting admin', async () => {
    const older = await created('/api/suggestions', { email: 'a@example.com', suggestion_text: 'Rota planner' });
    const newer = await created('/api/suggestions', {
      email: 'b@example.com',
      suggestion_text: 'Invoice chaser',
      category: 'Finance',
      source_page: '/c/finance',
    });
    const list = (await json(await send('GET', '/api/admin/suggestions', admin))).items as Record<string, unknown>[];
    expect(list.map((s) => s.id)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      id: newer,
      email: 'b@example.com',
      suggestion_text: 'Invoice chaser',
      category: 'Finance',
      source_page: '/c/finance',
      status: 'new',
      created_at: expect.any(String),
    });

    for (const status of ['done', 'triaged', 'new', 'done']) {
      const response = await send('PATCH', `/api/admin/suggestions/${older}`, admin, { status });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ id: older, status });
    }
    const after = (await json(await send('GET', '/api/admin/suggestions', admin))).items as { id: string; status: string }[];
    expect(after.find((s) => s.id === older)?.status).toBe('done');
    expect(await lastEvent('SuggestionStatusChanged')).toEqual({
      stream_id: `suggestion-${older}`,
      data: { suggestionId: older, status: 'done' },
      metadata: expect.objectContaining({ userId: adminId }),
    });
  });

  it('answers 404 for an unknown suggestion', async () => {
    const response = await send('PATCH', `/api/admin/suggestions/${randomUUID()}`, admin, { status: 'done' });
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe('FEEDBACK.SUGGESTION_NOT_FOUND');
  });

  it.each([
    ...badBodies({ status: 'done' }, 'status', 3),
    ['an unknown status', { status: 'archived' }, { fields: { status: 'Status must be new, triaged or done.' } }] as [
      string,
      unknown,
      object,
    ],
  ])('answers 400 for %s, changing nothing', async (_, body, expected) => {
    const id = await created('/api/suggestions', { email: 'c@example.com', suggestion_text: 'Idea' });
    const events = await countEvents('SuggestionStatusChanged');
    const response = await send('PATCH', `/api/admin/suggestions/${id}`, admin, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject(expected);
    expect(await countEvents('SuggestionStatusChanged')).toBe(events);
    expect((await db().selectFrom('suggestions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
  });

  it('answers 413 for an oversized body and 400 for an id that is not a uuid', async () => {
    const id = await created('/api/suggestions', { email: 'd@example.com', suggestion_text: 'Idea' });
    const huge = await send('PATCH', `/api/admin/suggestions/${id}`, admin, { status: 'done', pad: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    const badId = await send('PATCH', '/api/admin/suggestions/42', admin, { status: 'done' });
    expect(badId.status).toBe(400);
    expect((await json(badId)).fields).toEqual({ id: 'Not an id' });
    expect((await db().selectFrom('suggestions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
  });
});

describe.each([
  {
    kind: 'quick questions',
    path: '/api/admin/quick-questions',
    submit: () => created('/api/quick-questions', { name: 'Linus', email: 'linus@example.com', message: 'Does it import CSV?' }),
    event: 'QuickQuestionUpdated',
    stream: 'question',
    idField: 'questionId',
    table: 'quick_questions' as const,
    notFound: 'FEEDBACK.QUESTION_NOT_FOUND',
    extra: {},
  },
  {
    kind: 'developer inquiries',
    path: '/api/admin/developer-inquiries',
    submit: () =>
      created('/api/developer-inquiries', {
        name: 'Grace',
        email: 'grace@example.com',
        message: 'I build tools',
        linkedin_url: 'https://linkedin.com/in/grace',
        portfolio_url: 'https://grace.dev',
      }),
    event: 'DeveloperInquiryUpdated',
    stream: 'inquiry',
    idField: 'inquiryId',
    table: 'developer_inquiries' as const,
    notFound: 'FEEDBACK.INQUIRY_NOT_FOUND',
    extra: { linkedin_url: 'https://linkedin.com/in/grace', portfolio_url: 'https://grace.dev' },
  },
])('$kind', ({ path, submit, event, stream, idField, table, notFound, extra }) => {
  it('lists them unread, newest first; a status alone keeps the notes, notes with a status set both', async () => {
    const id = await submit();
    const list = (await json(await send('GET', path, admin))).items as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id,
      name: expect.any(String),
      email: expect.any(String),
      message: expect.any(String),
      status: 'unread',
      admin_notes: null,
      created_at: expect.any(String),
      ...extra,
    });

    const notes = await send('PATCH', `${path}/${id}`, admin, { status: 'read', admin_notes: 'Called back on Monday' });
    expect(notes.status).toBe(200);
    const replied = await send('PATCH', `${path}/${id}`, admin, { status: 'replied' });
    expect(await json(replied)).toEqual({ id, status: 'replied' });
    const [row] = ((await json(await send('GET', path, admin))).items as Record<string, unknown>[]).filter((item) => item.id === id);
    expect(row).toMatchObject({ status: 'replied', admin_notes: 'Called back on Monday' });
    expect(await lastEvent(event)).toEqual({
      stream_id: `${stream}-${id}`,
      data: { [idField]: id, status: 'replied' },
      metadata: expect.objectContaining({ userId: adminId }),
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await send('PATCH', `${path}/${randomUUID()}`, admin, { status: 'read' });
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe(notFound);
  });

  it.each([
    ...badBodies({ status: 'read' }, 'status', true),
    ...([
      ['notes of the wrong type', { status: 'read', admin_notes: 5 }, { fields: { admin_notes: 'Admin notes must be text.' } }],
      ['notes too long', { status: 'read', admin_notes: 'x'.repeat(5001) }, { fields: { admin_notes: 'At most 5000 characters.' } }],
      ['an unknown status', { status: 'archived' }, { fields: { status: 'Status must be unread, read or replied.' } }],
    ] as [string, unknown, object][]),
  ])('answers 400 for %s, changing nothing', async (_, body, expected) => {
    const id = await submit();
    const events = await countEvents(event);
    const response = await send('PATCH', `${path}/${id}`, admin, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject(expected);
    expect(await countEvents(event)).toBe(events);
    expect(await db().selectFrom(table).select(['status', 'admin_notes']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'unread',
      admin_notes: null,
    });
  });
});

describe('settings', () => {
  it('shows the notification address masked, and that the queue dashboard is available', async () => {
    const response = await send('GET', '/api/admin/settings', admin);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ notifyEmail: 'ow***@unsheet.app', queueDashboard: true });
  });
});

describe('sitemap', () => {
  it('regenerates sitemap.xml and records who asked', async () => {
    const response = await send('POST', '/api/admin/sitemap/regenerate', admin);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // Home and the four static pages; the test catalogue is empty.
    expect(body.urls).toBe(5);
    expect(body.xml).toBe(await (await fetch(api.url('/sitemap.xml'))).text());
    expect(await lastEvent('SitemapRegenerated')).toEqual({
      stream_id: 'sitemap',
      data: { urls: 5 },
      metadata: expect.objectContaining({ userId: adminId }),
    });
  });

  it('refuses a body it does not take', async () => {
    const response = await send('POST', '/api/admin/sitemap/regenerate', admin, '{"x":');
    expect(response.status).toBe(400);
  });
});

describe('queue dashboard at /admin/queues', () => {
  const page = (cookie?: string) => fetch(api.url('/admin/queues/api/queues'), { headers: cookie ? { cookie } : {} });

  it('answers 401 without the cookie and 403 with a visitor’s, whatever the bearer token', async () => {
    expect((await page()).status).toBe(401);
    const bearerOnly = await fetch(api.url('/admin/queues/'), { headers: admin });
    expect(bearerOnly.status).toBe(401);
    const forged = await page('unsheet_queues=abc.123.def');
    expect(forged.status).toBe(401);
    const visitorToken = api.app.get(QueueDashboard).sessionToken(visitorId);
    expect((await page(`unsheet_queues=${visitorToken}`)).status).toBe(403);
  });

  it('opens for an admin with the cookie the console sets, and shows both queues', async () => {
    const session = await send('POST', '/api/admin/queues/session', admin);
    expect(session.status).toBe(200);
    expect(await json(session)).toEqual({ url: '/admin/queues/' });
    const setCookie = session.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^unsheet_queues=[^;]+;/);
    expect(setCookie).toContain('Path=/admin/queues');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toMatch(/Max-Age=900/);
    const cookie = setCookie.split(';')[0]!;

    const html = await fetch(api.url('/admin/queues/'), { headers: { cookie } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    // Nothing from another origin: the CSP would refuse it (and Google would learn who opens the console).
    const markup = await html.text();
    expect(markup).toContain('<div id="root">');
    expect(markup).not.toMatch(/https:\/\/fonts\./);
    const queues = await page(cookie);
    expect(queues.status).toBe(200);
    const names = ((await json(queues)) as { queues: { name: string }[] }).queues.map((queue) => queue.name).sort();
    expect(names).toEqual(['emails', 'projections']);
  });

  it('refuses the cookie of an account that is no longer an admin', async () => {
    const demoted = await createAdmin(api);
    const token = api.app.get(QueueDashboard).sessionToken(demoted.user.id);
    expect((await page(`unsheet_queues=${token}`)).status).toBe(200);
    await db().updateTable('profiles').set({ role: 'user' }).where('user_id', '=', demoted.user.id).execute();
    expect((await page(`unsheet_queues=${token}`)).status).toBe(403);
  });

  it('is not mounted without Redis, and the console is told so', async () => {
    const embedded = await startApi({ REDIS_URL: '' });
    try {
      const adminSession = bearer(await createAdmin(embedded));
      const settings = await fetch(embedded.url('/api/admin/settings'), { headers: adminSession });
      expect((await json(settings)).queueDashboard).toBe(false);
      const session = await fetch(embedded.url('/api/admin/queues/session'), { method: 'POST', headers: adminSession });
      expect(session.status).toBe(503);
      expect((await json(session)).code).toBe('ADMIN.QUEUES_UNAVAILABLE');
      const unmounted = await fetch(embedded.url('/admin/queues/api/queues'));
      expect(await unmounted.text()).not.toContain('"queues"');
    } finally {
      await embedded.close();
    }
  });
});
