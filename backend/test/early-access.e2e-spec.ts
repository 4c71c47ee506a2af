import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCaughtUp } from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { earlyAccessStatusSchema, joinWaitlistResultSchema, type JoinWaitlistResult } from '../../contracts/early-access/waitlist.js';
import { expectContract } from './contract-helpers.js';
import { Browser, confirmLeads, joinAnswer } from './waitlist-helpers.js';

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
    // Nobody has confirmed yet: pending joins hold a quarter of the free spots at most (25).
    for (const result of results) {
      expect(result.refCode).toMatch(/^[0-9A-Z]{6}$/);
      expect(result.spotsLeft).toBe(100 - Math.min(result.position, 25));
    }
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount: 25, spotsRemaining: 75 });
  });

  it('tells the browser that joined its place again, and writes nothing', async () => {
    const browser = new Browser(api);
    const first = (await (await browser.join({ email: 'ada@example.com', source_page: '/c/finance' })).json()) as JoinWaitlistResult;
    const before = await leadEvents();
    const again = await browser.join({ email: '  ADA@Example.com ', source_page: '/' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...first, alreadyJoined: true });
    expect(await leadEvents()).toBe(before);
  });

  it("tells anyone else what a newcomer is told, never the address's place or code, and e-mails the owner instead", async () => {
    const owner = await joinAnswer(api, { email: 'hedy@example.com', source_page: '/' });
    const before = await leadEvents();
    const probe = await new Browser(api).join({ email: 'Hedy@Example.com', source_page: '/' });
    const fresh = await new Browser(api).join({ email: 'someone-new@example.com', source_page: '/' });
    expect(probe.status).toBe(fresh.status);
    const [probed, newcomer] = (await Promise.all([probe.json(), fresh.json()])) as [JoinWaitlistResult, JoinWaitlistResult];
    expect(Object.keys(probed).sort()).toEqual(Object.keys(newcomer).sort());
    expect(probed).toMatchObject({ alreadyJoined: false, earlyExplorer: newcomer.earlyExplorer });
    // The place a newcomer arriving then would be given, used up as a newcomer's would be (the next join is
    // told the one after), and a code of the same form: a new one of the owner's, never the owner's own.
    expect(newcomer.position).toBe(probed.position + 1);
    expect(probed.refCode).toMatch(/^[0-9A-Z]{6}$/);
    expect(probed.refCode).not.toBe(owner.refCode);
    expect((await api.get(`/api/referrals/${probed.refCode}`)).body.stats).toEqual(
      (await api.get(`/api/referrals/${newcomer.refCode}`)).body.stats,
    );
    expect(await leadEvents()).toBe(before + 1);
    const { rows } = await sql<{ data: { email: string; position: number; referralCode: string } }>`
      select data from events where type = 'LeadJoinRepeated'`.execute(api.database.handle.db);
    expect(rows.map((row) => row.data)).toContainEqual(
      expect.objectContaining({ email: 'hedy@example.com', position: owner.position, referralCode: owner.refCode }),
    );
  });

  it('writes one lead when the same address joins many times at once', async () => {
    const before = await leadEvents();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => new Browser(api).join({ email: 'twice@example.com', source_page: '/' })),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(await leadEvents()).toBe(before + 1);
  });

  it('credits the referrer only for friends who confirm their address, and ignores unknown or own codes', async () => {
    const referrer = await joinAnswer(api, { email: 'grace@example.com', source_page: '/' });
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

    await joinAnswer(api, { email: 'friend1@example.com', source_page: '/', ref: referrer.refCode.toLowerCase() });
    await joinAnswer(api, { email: 'friend2@example.com', source_page: '/', ref: referrer.refCode });
    await joinAnswer(api, { email: 'friend3@example.com', source_page: '/', ref: 'ZZZZZZ' });
    await joinAnswer(api, { email: 'friend4@example.com', source_page: '/', ref: "x' or 1=1" });
    expect(await read()).toEqual(stats(0));
    await confirmLeads(api, 'friend1@example.com', 'friend3@example.com', 'friend4@example.com');
    expect(await read()).toEqual(stats(1));
    await confirmLeads(api, 'friend2@example.com', 'friend2@example.com');
    expect(await read()).toEqual(stats(2));
    // A code nobody owns reads like a new one; what is not a code at all is not found.
    expect((await api.get('/api/referrals/NOPE42')).body.stats).toEqual(stats(0));
    expect((await api.get('/api/referrals/not-a-code')).status).toBe(404);
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

  it('switches to the wait-list once 100 leads have confirmed, positions carrying on', async () => {
    const leads = () => api.database.handle.db.selectFrom('leads').select('email').execute();
    for (let i = (await leads()).length; i < 100; i++) await join({ email: `more${i}@example.com`, source_page: '/' });
    await confirmLeads(api, ...(await leads()).map((lead) => lead.email));
    expect((await api.get('/api/early-access/status')).body).toEqual({
      leadCount: 100,
      cap: 100,
      spotsRemaining: 0,
      mode: 'waitlist',
    });
    // The position after the last one told (joins with an address already on the list above used some up).
    const { rows } = await sql<{ last: number }>`
      select max(stream_version)::int as last from events where stream_id = 'waitlist'`.execute(api.database.handle.db);
    const late = (await (await join({ email: 'late@example.com', source_page: '/' })).json()) as { position: number };
    expect(late).toMatchObject({ position: rows[0]!.last + 1, spotsLeft: 0, earlyExplorer: false, alreadyJoined: false });
    expect(late.position).toBeGreaterThan(100);
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

  it('answers the status, a join and a repeated join exactly as the contract says (contracts/early-access/waitlist.ts)', async () => {
    expectContract(earlyAccessStatusSchema, (await api.get('/api/early-access/status')).body);
    const browser = new Browser(api);
    const joined = await browser.join({ email: 'contract@example.com', source_page: '/', sessionId: null });
    expect(joined.status).toBe(201);
    expectContract(joinWaitlistResultSchema, await joined.json());
    const again = await browser.join({ email: 'contract@example.com', source_page: '/' });
    expect(again.status).toBe(200);
    expectContract(joinWaitlistResultSchema, await again.json());
  });
});
