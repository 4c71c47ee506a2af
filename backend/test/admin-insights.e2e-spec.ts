/**
 * The lead detail read (a lead joined over HTTP with its sessions, page views, quiz result and referral
 * figures, checked exactly) and the audit trail (who changed what and when), with their guards and bad input.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { PASSWORD_RESET_TOKEN_PURPOSE } from '../src/identity/confirmation-link.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { signToken } from '../src/shared/security/signed-token.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, json, post, signUpConfirmed } from './auth-helpers.js';
import { confirmLeads } from './waitlist-helpers.js';

const INVOICE_CHASER = 'e6da6834-8d35-468b-a06e-e8d7d48dda00';
const today = new Date().toISOString().slice(0, 10);
const at = (time: string) => `${today}T${time}.000Z`;
const VISITOR = randomUUID();
const [S1, S2, OTHER] = [randomUUID(), randomUUID(), randomUUID()];

let api: ApiHarness;
let admin: { authorization: string };
let adminEmail: string;
let leadId: string;
let referralCode: string;

function collect(events: unknown[]) {
  return post(api, '/api/analytics/collect', { events }, { 'user-agent': BROWSER_UA });
}

function get(path: string, headers: Record<string, string> = admin) {
  return fetch(api.url(path), { headers }).then(async (response) => ({ status: response.status, body: await json(response) }));
}

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true' });
  adminEmail = `insights-admin-${randomUUID()}@example.com`;
  admin = bearer(await createAdmin(api, adminEmail));

  // Two visits of the lead's visitor (the first is the one it joined in) and one of somebody else.
  const page = (sessionId: string, time: string, path: string, seconds: number) => {
    const pageViewId = randomUUID();
    return [
      pageView({ sessionId, pageViewId, at: at(time), url: `https://unsheet.app${path}`, title: path }),
      pageTime({ sessionId, pageViewId, at: at(time), seconds }),
    ];
  };
  expect(
    (
      await collect([
        sessionStart({ sessionId: S1, visitorId: VISITOR, at: at('09:00:00') }),
        ...page(S1, '09:00:01', '/', 30),
        ...page(S1, '09:00:31', '/app/invoice-chaser', 45),
        interaction({ sessionId: S1, appId: INVOICE_CHASER, action: 'view', at: at('09:00:40') }),
        sessionEnd({ sessionId: S1, at: at('09:01:30'), timeOnSite: 90, pagesViewed: 2 }),
        sessionStart({ sessionId: S2, visitorId: VISITOR, at: at('11:00:00') }),
        ...page(S2, '11:00:01', '/c/productivity', 20),
        sessionEnd({ sessionId: S2, at: at('11:00:40'), timeOnSite: 40, pagesViewed: 1 }),
        sessionStart({ sessionId: OTHER, visitorId: randomUUID(), at: at('10:00:00') }),
        ...page(OTHER, '10:00:01', '/about', 500),
      ])
    ).status,
  ).toBe(202);

  const joined = await post(api, '/api/leads', { email: 'Ada@Example.com', source_page: '/app/invoice-chaser', sessionId: S1 });
  expect(joined.status).toBe(201);
  referralCode = (await json(joined)).refCode;
  // Two clicks on Ada's link, one friend joins through it, and Ada takes the quiz.
  for (let i = 0; i < 2; i++) expect((await post(api, `/api/referrals/${referralCode}/clicks`, {})).status).toBe(201);
  expect((await post(api, '/api/leads', { email: 'friend@example.com', ref: referralCode })).status).toBe(201);
  await confirmLeads(api, 'friend@example.com');
  const answers = [
    { question: 'What slows your team down the most?', answer: 'manual_work' },
    { question: 'Which part of the business needs it most?', answer: 'finance' },
    { question: 'How do you handle it today?', answer: 'spreadsheet' },
    { question: 'How many people would use it?', answer: 'small' },
  ];
  expect((await post(api, '/api/quiz-results', { email: 'ada@example.com', answers })).status).toBe(201);

  leadId = (await api.database.handle.db.selectFrom('leads').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow())
    .id;
  await eventually(async () => (await get(`/api/admin/analytics/leads/by-id/${leadId}`)).body.sessionMetrics?.totalSessions === 2, {
    timeout: 15_000,
  });
  // The clicks and the friend's confirmed join reach the referral figures through async projections.
  await eventually(
    async () => {
      const { referralData } = (await get(`/api/admin/analytics/leads/by-id/${leadId}`)).body;
      return referralData?.clicks === 2 && referralData.conversions === 1;
    },
    { timeout: 15_000 },
  );
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/admin/analytics/leads/by-id/:leadId', () => {
  it('gives the lead, its timeline, quiz results and referral figures exactly', async () => {
    const { status, body } = await get(`/api/admin/analytics/leads/by-id/${leadId}`);
    expect(status).toBe(200);
    expect(body.lead).toEqual({
      id: leadId,
      email: 'ada@example.com',
      sourcePage: '/app/invoice-chaser',
      referralCode,
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sessionId: S1,
      standing: { position: 1, status: 'pending', confirmed_at: null, flags: [], referral: null },
    });
    expect(body.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([S1, S2]);
    expect(body.pageViews.map((p: { page_url: string; time_on_page: number }) => [p.page_url, p.time_on_page])).toEqual([
      ['https://unsheet.app/', 30],
      ['https://unsheet.app/app/invoice-chaser', 45],
      ['https://unsheet.app/c/productivity', 20],
    ]);
    expect(body.appInteractions).toEqual([
      expect.objectContaining({ session_id: S1, action_type: 'view', app_id: INVOICE_CHASER, app_name: 'Invoice Chaser' }),
    ]);
    expect(body.quizResults).toEqual([
      { id: expect.any(String), created_at: expect.any(String), recommended_app: expect.any(String), answers: expect.any(Array) },
    ]);
    expect(body.referralData).toEqual({ code: referralCode, clicks: 2, conversions: 1, revenue_earned: 0 });
    // 90 s + 40 s over two sessions; three distinct pages.
    expect(body.sessionMetrics).toEqual({ totalSessions: 2, uniquePagesVisited: 3, totalTimeSpent: 130, avgTimePerSession: 65 });
  });

  it('gives a lead that joined without a session an empty timeline', async () => {
    const friend = await api.database.handle.db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', 'friend@example.com')
      .executeTakeFirstOrThrow();
    const { status, body } = await get(`/api/admin/analytics/leads/by-id/${friend.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      lead: { email: 'friend@example.com', sourcePage: null, sessionId: null },
      sessions: [],
      pageViews: [],
      quizResults: [],
      referralData: { clicks: 0, conversions: 0 },
      sessionMetrics: { totalSessions: 0, uniquePagesVisited: 0, totalTimeSpent: 0, avgTimePerSession: 0 },
    });
  });

  it('answers 404 for an unknown lead and 400 for a malformed id', async () => {
    expect(await get(`/api/admin/analytics/leads/by-id/${randomUUID()}`)).toEqual({
      status: 404,
      body: { code: 'ANALYTICS.LEAD_NOT_FOUND', message: 'Lead not found' },
    });
    expect(await get('/api/admin/analytics/leads/by-id/not-a-uuid')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { leadId: 'Must be a lead id (uuid).' } },
    });
  });
});

describe('GET /api/admin/audit', () => {
  const csv = 'Top queries,Clicks,Impressions,CTR,Position\nspreadsheet ai,4,100,4%,3.5\ninvoice tool,1,50,2%,12';

  beforeAll(async () => {
    const imported = await post(
      api,
      '/api/admin/analytics/search-queries/import',
      { startDate: '2026-11-01', endDate: '2026-11-07', csv },
      admin,
    );
    expect(imported.status).toBe(200);
  });

  it('shows who imported what and when, with the admin’s e-mail', async () => {
    const { status, body } = await get('/api/admin/audit');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, pageSize: 25, total: 1 });
    expect(body.entries).toEqual([
      {
        position: expect.any(Number),
        at: expect.stringMatching(new RegExp(`^${today}T`)),
        actor: { userId: expect.any(String), email: adminEmail },
        type: 'SearchQueryStatsRecorded',
        streamId: 'search-queries',
        record: 'Search queries',
        description: 'Imported 2 search queries from a Search Console CSV (2026-11-01 to 2026-11-07)',
      },
    ]);
  });

  it('leaves out what visitors did: joins, clicks, quiz results, analytics, and a visitor resetting their own password', async () => {
    const visitor = `resetting-${randomUUID()}@example.com`;
    const { userId } = await signUpConfirmed(api, visitor, 'visitor-secret-1');
    expect((await post(api, '/api/auth/forgot-password', { email: visitor })).status).toBe(202);
    const { data } = await api.database.handle.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user-${userId}`)
      .where('type', '=', 'PasswordResetRequested')
      .executeTakeFirstOrThrow();
    const token = signToken(
      api.config.APP_SECRET!,
      PASSWORD_RESET_TOKEN_PURPOSE,
      `${userId}.${(data as { resetId: string }).resetId}`,
      3600,
    );
    expect((await post(api, '/api/auth/reset-password', { token, password: 'visitor-secret-2' })).status).toBe(200);

    const { body } = await get('/api/admin/audit?pageSize=100');
    expect(body.entries.map((e: { type: string }) => e.type)).toEqual(['SearchQueryStatsRecorded']);
  });

  describe('filters and pages', () => {
    let adminId: string;
    beforeAll(async () => {
      adminId = (await get('/api/admin/audit')).body.entries[0].actor.userId;
      const store = api.app.get(EventStore);
      const meta = { userId: adminId };
      // A change on the lead's own stream, one elsewhere that names the lead, and one about something else.
      await store.append(`lead-${leadId}`, [{ type: 'LeadNoteAdded', data: { leadId, note: 'called' } }], 'any', meta);
      await store.append('lead-admin', [{ type: 'LeadTagged', data: { leadId, tag: 'vip' } }], 'any', meta);
      await store.append(`lead-${randomUUID()}`, [{ type: 'LeadNoteAdded', data: { leadId: randomUUID(), note: 'x' } }], 'any', meta);
    });

    it('lists newest first, a page at a time', async () => {
      const first = await get('/api/admin/audit?pageSize=2');
      expect(first.body.total).toBe(4);
      expect(first.body.entries.map((e: { type: string }) => e.type)).toEqual(['LeadNoteAdded', 'LeadTagged']);
      const positions = first.body.entries.map((e: { position: number }) => e.position);
      expect(positions[0]).toBeGreaterThan(positions[1]);
      const second = await get('/api/admin/audit?pageSize=2&page=2');
      expect(second.body.entries.map((e: { type: string }) => e.type)).toEqual(['LeadNoteAdded', 'SearchQueryStatsRecorded']);
      expect(await get('/api/admin/audit?pageSize=2&page=9')).toMatchObject({ status: 200, body: { entries: [], total: 4 } });
    });

    it('falls back to the event type where no description exists', async () => {
      const { body } = await get(`/api/admin/audit?stream=lead-${leadId}`);
      expect(body.entries).toEqual([
        expect.objectContaining({ type: 'LeadNoteAdded', description: 'LeadNoteAdded', streamId: `lead-${leadId}` }),
      ]);
    });

    it('gives a lead’s changes: its own stream and events naming it', async () => {
      const { body } = await get(`/api/admin/audit?subject=${leadId}`);
      expect(body.total).toBe(2);
      expect(body.entries.map((e: { type: string; streamId: string }) => [e.type, e.streamId])).toEqual([
        ['LeadTagged', 'lead-admin'],
        ['LeadNoteAdded', `lead-${leadId}`],
      ]);
    });
  });

  it.each([
    ['page=0', 'page'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['subject=nope', 'subject'],
    ['stream=', 'stream'],
    ['unknown=1', '(body)'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/api/admin/audit?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    if (field !== '(body)') expect(Object.keys(body.fields)).toEqual([field]);
  });

  it('requires an administrator: 401 without a token, 403 for a visitor’s account', async () => {
    const visitor = await signUpConfirmed(api, `visitor-${randomUUID()}@example.com`, 'visitor-secret-1');
    for (const path of ['/api/admin/audit', `/api/admin/analytics/leads/by-id/${leadId}`]) {
      expect((await get(path, {})).status).toBe(401);
      expect((await get(path, bearer(visitor))).status).toBe(403);
    }
  });
});
