import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCaughtUp } from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

function join(body: unknown) {
  return fetch(api.url('/api/leads'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function leadEvents(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'LeadJoined'`.execute(
    api.database.handle.db,
  );
  return rows[0]!.n;
}

describe('joining the Early Explorers', () => {
  it('starts in Early Explorers mode with 100 real spots', async () => {
    expect((await api.get('/api/early-access/status')).body).toEqual({
      leadCount: 0,
      cap: 100,
      spotsRemaining: 100,
      mode: 'early-explorers',
    });
  });

  it('gives 60 concurrent joins 60 distinct, gap-free positions and unique server-drawn codes', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => join({ email: `explorer${i}@example.com`, source_page: '/' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(201));
    const results = (await Promise.all(responses.map((r) => r.json()))) as { position: number; refCode: string; spotsLeft: number }[];
    expect(results.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.refCode)).size).toBe(60);
    for (const result of results) {
      expect(result.refCode).toMatch(/^[0-9A-Z]{6}$/);
      expect(result.spotsLeft).toBe(100 - result.position);
    }
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount: 60, spotsRemaining: 40 });
  });

  it('gives a returning e-mail its position back and writes nothing', async () => {
    const first = (await (await join({ email: 'ada@example.com', source_page: '/c/finance' })).json()) as object;
    const before = await leadEvents();
    const again = await join({ email: '  ADA@Example.com ', source_page: '/' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...first, alreadyJoined: true });
    expect(await leadEvents()).toBe(before);
  });

  it('writes one lead when the same address joins many times at once', async () => {
    const before = await leadEvents();
    const responses = await Promise.all(Array.from({ length: 10 }, () => join({ email: 'twice@example.com', source_page: '/' })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const results = (await Promise.all(responses.map((r) => r.json()))) as { position: number; refCode: string }[];
    expect(new Set(results.map((r) => `${r.position} ${r.refCode}`)).size).toBe(1);
    expect(await leadEvents()).toBe(before + 1);
  });

  it('credits the referrer whose code a friend joined with, and ignores unknown or own codes', async () => {
    const referrer = (await (await join({ email: 'grace@example.com', source_page: '/' })).json()) as { refCode: string };
    const stats = (signups: number) => ({
      total_clicks: 0,
      total_signups: signups,
      total_conversions: signups,
      revenue_lifetime: 0,
    });
    const read = async () => {
      await projectionCaughtUp(api.database.handle.db, 'referral-stats');
      return (await api.get(`/api/referrals/${referrer.refCode}`)).body.stats;
    };
    expect(await read()).toEqual(stats(0));

    expect((await join({ email: 'friend1@example.com', source_page: '/', ref: referrer.refCode.toLowerCase() })).status).toBe(201);
    expect((await join({ email: 'friend2@example.com', source_page: '/', ref: referrer.refCode })).status).toBe(201);
    expect((await join({ email: 'friend3@example.com', source_page: '/', ref: 'ZZZZZZ' })).status).toBe(201);
    expect((await join({ email: 'friend4@example.com', source_page: '/', ref: "x' or 1=1" })).status).toBe(201);
    expect(await read()).toEqual(stats(2));
    expect((await api.get('/api/referrals/NOPE42')).status).toBe(404);
  });

  it("keeps the visitor's analytics session on LeadJoined, or null without one", async () => {
    const sessionId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
    expect((await join({ email: 'session@example.com', source_page: '/', sessionId })).status).toBe(201);
    expect((await join({ email: 'nosession@example.com', source_page: '/' })).status).toBe(201);
    const { rows } = await sql<{ email: string; session_id: string | null }>`
      select data->>'email' as email, data->>'sessionId' as session_id from events
      where type = 'LeadJoined' and data->>'email' in ('session@example.com', 'nosession@example.com')
      order by global_position`.execute(api.database.handle.db);
    expect(rows).toEqual([
      { email: 'session@example.com', session_id: sessionId },
      { email: 'nosession@example.com', session_id: null },
    ]);
  });

  it('flags, and does not refuse, an address at a throwaway-mail provider', async () => {
    const response = await join({ email: 'Temp@Mailinator.com', source_page: '/' });
    expect(response.status).toBe(201);
    expect(await join({ email: 'solid@example.com', source_page: '/' })).toHaveProperty('status', 201);
    const { rows } = await sql<{ email: string; disposable_email: boolean; flag: boolean }>`
      select leads.email, leads.disposable_email, (events.data->>'disposableEmail')::boolean as flag
      from leads join events on events.type = 'LeadJoined' and events.data->>'email' = leads.email
      where leads.email in ('temp@mailinator.com', 'solid@example.com') order by leads.email`.execute(api.database.handle.db);
    expect(rows).toEqual([
      { email: 'solid@example.com', disposable_email: false, flag: false },
      { email: 'temp@mailinator.com', disposable_email: true, flag: true },
    ]);
  });

  it('switches to the wait-list at 100 leads, positions carrying on', async () => {
    const { leadCount } = (await api.get('/api/early-access/status')).body as { leadCount: number };
    for (let i = leadCount; i < 100; i++) await join({ email: `more${i}@example.com`, source_page: '/' });
    expect((await api.get('/api/early-access/status')).body).toEqual({
      leadCount: 100,
      cap: 100,
      spotsRemaining: 0,
      mode: 'waitlist',
    });
    const late = await (await join({ email: 'late@example.com', source_page: '/' })).json();
    expect(late).toMatchObject({ position: 101, spotsLeft: 0, alreadyJoined: false });
  });

  it('owes each new lead a welcome e-mail, once', async () => {
    await eventually(
      async () => {
        const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from email_outbox where template = 'welcome'`.execute(api.database.handle.db);
        return rows[0]!.n === (await leadEvents());
      },
      { timeout: 10_000 },
    );
  });

  it.each([
    ['a missing email', { source_page: '/' }, { email: 'Please enter your email address.' }],
    ['an invalid email', { email: 'ada@', source_page: '/' }, { email: 'Please enter a valid email address.' }],
    ['a wrong type', { email: ['ada@example.com'] }, { email: 'Please enter your email address.' }],
    ['an unknown field', { email: 'new@example.com', position: 1 }, { '(body)': 'Unrecognized key: "position"' }],
    ['a script', { email: '<script>alert(1)</script>@x.io' }, { email: 'Please enter a valid email address.' }],
    ['a session id that is not a uuid', { email: 's@example.com', sessionId: 'abc' }, { sessionId: 'Must be a session id (uuid).' }],
    ['a session id of the wrong type', { email: 's@example.com', sessionId: 42 }, { sessionId: 'Must be a session id (uuid).' }],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = await leadEvents();
    const response = await join(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect(await leadEvents()).toBe(before);
  });
});
