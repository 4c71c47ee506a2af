import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCaughtUp } from '../src/shared/testing/test-database.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import {
  issuedReferralCodeSchema,
  leaderboardEntrySchema,
  referralStatsSchema,
  type ReferralStats,
} from '../../contracts/early-access/referral.js';
import { expectContract } from './contract-helpers.js';
import { confirmLeads, joinAnswer } from './waitlist-helpers.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(api.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const join = (email: string, ref?: string) => post('/api/leads', { email, source_page: '/', ...(ref ? { ref } : {}) });
const generate = (body: unknown) => post('/api/referral-codes', body);
const click = (code: string, body: unknown = {}, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0') =>
  post(`/api/referrals/${code}/clicks`, body, { 'user-agent': userAgent });
/** A code's stats once the async referral-stats projection has caught up, flattened for short assertions. */
async function stats(code: string) {
  await projectionCaughtUp(api.database.handle.db, 'referral-stats');
  const { body } = (await api.get(`/api/referrals/${code}`)) as { body: ReferralStats };
  const { total_clicks, total_signups, total_conversions, revenue_lifetime } = body.stats;
  return { code: body.code, clicks: total_clicks, signups: total_signups, conversions: total_conversions, revenue: revenue_lifetime };
}

async function eventCount(type?: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from events where ${type ? sql`type = ${type}` : sql`true`}`.execute(api.database.handle.db);
  return rows[0]!.n;
}

async function codeOf(email: string): Promise<string> {
  return ((await (await join(email)).json()) as { refCode: string }).refCode;
}

describe('the share-link generator (POST /api/referral-codes)', () => {
  it('gives an address not on the list a code of its own, the same each time, without putting it on the list', async () => {
    const response = await generate({ email: 'Sharer@Example.com' });
    expect(response.status).toBe(201);
    const { code } = (await response.json()) as { code: string };
    expect(code).toMatch(/^[0-9A-Z]{6}$/);
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount: 0 });
    expect(await stats(code)).toEqual({ code, clicks: 0, signups: 0, conversions: 0, revenue: 0 });

    const again = await generate({ email: '  sharer@example.COM ' });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ code });
  });

  it("gives a lead a code of its own that is not its lead's code, the same each time, and e-mails it that same link", async () => {
    const leadCode = await codeOf('member@example.com');
    const before = await eventCount('ReferralLinkRequested');
    const answers = [await generate({ email: 'member@example.com' }), await generate({ email: 'Member@Example.com' })];
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as [{ code: string }, { code: string }];
    expect(Object.keys(first)).toEqual(['code']);
    expect(first.code).toMatch(/^[0-9A-Z]{6}$/);
    expect(first.code).not.toBe(leadCode);
    expect(second).toEqual(first);
    // Its stats read like a fresh code's; a click through it counts, as through any code.
    expect(await stats(first.code)).toEqual({ code: first.code, clicks: 0, signups: 0, conversions: 0, revenue: 0 });
    expect((await click(first.code)).status).toBe(201);
    expect(await stats(first.code)).toMatchObject({ clicks: 1 });
    const { rows } = await sql<{ data: { email: string; code: string } }>`
      select data from events where type = 'ReferralLinkRequested' order by global_position`.execute(api.database.handle.db);
    expect(rows.slice(before).map((row) => row.data)).toEqual([
      { email: 'member@example.com', code: first.code },
      { email: 'member@example.com', code: first.code },
    ]);
  });

  it('answers the code an address got before it joined, once it is on the list', async () => {
    const { code } = (await (await generate({ email: 'early-sharer@example.com' })).json()) as { code: string };
    expect(await codeOf('early-sharer@example.com')).toBe(code);
    expect(await (await generate({ email: 'early-sharer@example.com' })).json()).toEqual({ code });
  });

  it('issues one code when the same address asks many times at once', async () => {
    const before = await eventCount('ReferralCodeIssued');
    const answers = await Promise.all(Array.from({ length: 12 }, () => generate({ email: 'burst@example.com' })));
    const codes = await Promise.all(answers.map(async (r) => ((await r.json()) as { code: string }).code));
    expect(new Set(codes).size).toBe(1);
    expect(answers.every((r) => r.status === 201)).toBe(true);
    expect(await eventCount('ReferralCodeIssued')).toBe(before + 1);
  });

  it('lets the address keep its code when it joins later, and its own link earns it nothing', async () => {
    const { code } = (await (await generate({ email: 'selfie@example.com' })).json()) as { code: string };
    const joined = (await (await join('selfie@example.com', code)).json()) as { refCode: string };
    expect(joined.refCode).toBe(code);
    expect(await stats(code)).toMatchObject({ conversions: 0 });
    expect((await api.get('/api/referrals/leaderboard')).body).not.toContainEqual(
      expect.objectContaining({ masked_email: 'se***@example.com' }),
    );
  });

  it.each([
    ['a missing email', '{}', { email: 'Please enter your email address.' }],
    ['an empty email', '{"email":"  "}', { email: 'Please enter your email address.' }],
    ['an invalid email', '{"email":"ada@"}', { email: 'Please enter a valid email address.' }],
    ['a wrong type', '{"email":["a@b.co"]}', { email: 'Please enter your email address.' }],
    ['an unknown field', '{"email":"a@b.co","code":"AAAAAA"}', { '(body)': 'Unrecognized key: "code"' }],
    ['SQL', `{"email":"x' or 1=1; --@a.b"}`, { email: 'Please enter a valid email address.' }],
    ['HTML', '{"email":"<img src=x onerror=alert(1)>@a.b"}', { email: 'Please enter a valid email address.' }],
    ['a control character', '{"email":"a\\u0000b@example.com"}', { email: 'Please enter a valid email address.' }],
    ['a very long address', JSON.stringify({ email: `${'a'.repeat(300)}@example.com` }), { email: 'Please enter a valid email address.' }],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = await eventCount();
    const response = await generate(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect(await eventCount()).toBe(before);
  });

  it('answers malformed JSON with 400 and a body over 64 KB with 413', async () => {
    expect((await generate('{"email":')).status).toBe(400);
    const response = await generate(JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(70_000) }));
    expect(response.status).toBe(413);
  });
});

describe('referral clicks (POST /api/referrals/:code/clicks)', () => {
  let code: string;
  beforeAll(async () => {
    code = await codeOf('clicker-owner@example.com');
  });

  it('records a click with the platform and the parsed user agent', async () => {
    const response = await click(
      code.toLowerCase(),
      { referrer: 'https://t.co/abc' },
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ platform: 'twitter' });
    const { rows } = await sql<{ data: unknown; stream_id: string }>`
      select data, stream_id from events where type = 'ReferralLinkClicked' order by global_position desc limit 1`.execute(
      api.database.handle.db,
    );
    expect(rows[0]).toEqual({
      stream_id: `referral-${code}`,
      data: { code, platform: 'twitter', userAgent: { browser: 'Mobile Safari 17', os: 'iOS 17', device: 'mobile' } },
    });
    expect(await stats(code)).toMatchObject({ clicks: 1 });
  });

  it.each([
    [{ via: 'whatsapp', referrer: 'https://t.co/x' }, 'whatsapp'],
    [{ utm_source: 'linkedin' }, 'linkedin'],
    [{ referrer: 'https://l.facebook.com/l.php' }, 'facebook'],
    [{ utm_source: 'newsletter' }, 'email'],
    [{}, 'direct'],
    [{ referrer: 'https://news.example.org/' }, 'other'],
  ])('reads %j as %s', async (body, platform) => {
    expect(await (await click(code, body)).json()).toEqual({ platform });
  });

  it('accepts a click with no body at all', async () => {
    const response = await fetch(api.url(`/api/referrals/${code}/clicks`), { method: 'POST' });
    expect(response.status).toBe(201);
  });

  it.each(['leaderboard', "x' or 1=1", '%3Cscript%3E', 'A'.repeat(64), 'NOPE4'])(
    'answers 404 for %s, which is not a code, writing nothing',
    async (unknown) => {
      const before = await eventCount();
      const response = await click(unknown);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'REFERRAL.NOT_FOUND' });
      expect(await eventCount()).toBe(before);
    },
  );

  it('answers a click through a code nobody owns as any other, writing nothing', async () => {
    const before = await eventCount();
    const response = await click('NOPE42');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ platform: 'direct' });
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['a wrong type', { referrer: 42 }, { referrer: 'Must be text.' }],
    ['an unknown field', { platform: 'twitter' }, { '(body)': 'Unrecognized key: "platform"' }],
    ['a long via tag', { via: 'x'.repeat(101) }, { via: 'At most 100 characters.' }],
    ['a long referrer', { referrer: `https://t.co/${'x'.repeat(2048)}` }, { referrer: 'At most 2048 characters.' }],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = await eventCount();
    const response = await click(code, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect(await eventCount()).toBe(before);
  });

  it('treats hostile strings in the hints as unknown platforms, never as code', async () => {
    for (const via of ["'; drop table events; --", '<script>alert(1)</script>']) {
      expect(await (await click(code, { via })).json()).toEqual({ platform: 'direct' });
    }
    // Control characters are refused at the edge for every route (shared/http/refuse-control-characters.ts).
    const before = await eventCount();
    const refused = await click(code, { via: 'a\u0000b\u001b[31m' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { via: 'Control characters are not allowed.' } });
    expect(await eventCount()).toBe(before);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, writing nothing', async () => {
    const before = await eventCount();
    expect((await click(code, '{"referrer":')).status).toBe(400);
    expect((await click(code, JSON.stringify({ referrer: 'x'.repeat(70_000) }))).status).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('counts every one of 50 concurrent clicks', async () => {
    const fresh = await codeOf('busy-link@example.com');
    const statuses = await Promise.all(Array.from({ length: 50 }, async () => (await click(fresh)).status));
    expect(statuses).toEqual(Array(50).fill(201));
    expect(await stats(fresh)).toMatchObject({ clicks: 50 });
  });
});

describe('attribution, conversions and the leaderboard', () => {
  it('attributes 40 concurrent joins through one link, each counted once', async () => {
    const code = await codeOf('popular@example.com');
    const crowd = Array.from({ length: 40 }, (_, i) => `crowd${i}@example.com`);
    const responses = await Promise.all(crowd.map((email) => join(email, code)));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    // Nothing counts until the friends confirm their addresses.
    expect(await stats(code)).toMatchObject({ signups: 0, conversions: 0, revenue: 0 });
    await confirmLeads(api, ...crowd);
    expect(await stats(code)).toMatchObject({ signups: 40, conversions: 40, revenue: 0 });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from referrals where referrer_code = ${code}`.execute(api.database.handle.db);
    expect(rows[0]!.n).toBe(40);
  });

  it('gives nothing for a referee who was already on the list, even joining at once through two links', async () => {
    const first = await codeOf('first-referrer@example.com');
    const second = await codeOf('second-referrer@example.com');
    await join('already@example.com');
    await Promise.all([join('already@example.com', first), join('ALREADY@example.com', second)]);
    await confirmLeads(api, 'already@example.com');
    expect(await stats(first)).toMatchObject({ conversions: 0 });
    expect(await stats(second)).toMatchObject({ conversions: 0 });

    // A new address joining through both links at once is one lead, credited to one of them once confirmed.
    await Promise.all([join('racer@example.com', first), join('racer@example.com', second)]);
    await confirmLeads(api, 'racer@example.com');
    expect((await stats(first)).conversions + (await stats(second)).conversions).toBe(1);
  });

  it('ranks the top 8 referrers by conversions, masked, ties to the earliest code', async () => {
    const owners = ['alice', 'bob', 'carol', 'dan', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];
    const codes: string[] = [];
    for (const owner of owners) codes.push(await codeOf(`${owner}@board.example`));
    // alice 9 … judy 0 friends (bob and carol tie at 7 and 7: bob's code is older).
    const friends = [9, 7, 7, 5, 4, 3, 2, 2, 1, 0];
    for (const [i, n] of friends.entries()) {
      for (let f = 0; f < n; f++) await join(`${owners[i]}-friend${f}@board.example`, codes[i]);
    }
    // One more friend of judy's who never confirms: judy stays off the board.
    await join('judy-friend-unconfirmed@board.example', codes[9]);
    const { rows } = await sql<{ email: string }>`
      select email from leads where email like '%-friend%@board.example' and email not like '%unconfirmed%'`.execute(
      api.database.handle.db,
    );
    await confirmLeads(api, ...rows.map((row) => row.email));
    await projectionCaughtUp(api.database.handle.db, 'referral-stats');
    const { status, body } = await api.get('/api/referrals/leaderboard');
    expect(status).toBe(200);
    expect(body).toEqual([
      { masked_email: 'po***@example.com', invite_count: 40 },
      { masked_email: 'al***@board.example', invite_count: 9 },
      { masked_email: 'bo***@board.example', invite_count: 7 },
      { masked_email: 'ca***@board.example', invite_count: 7 },
      { masked_email: 'da***@board.example', invite_count: 5 },
      { masked_email: 'er***@board.example', invite_count: 4 },
      { masked_email: 'fr***@board.example', invite_count: 3 },
      { masked_email: 'gr***@board.example', invite_count: 2 },
    ]);
    expect(JSON.stringify(body)).not.toContain('alice');
    expect((await api.get('/api/referrals/leaderboard?limit=20')).body).toHaveLength(11);
  });

  it("answers get_stats with the spec's fields and the reward tiers the sign-ups unlock", async () => {
    const code = await codeOf('tiers@example.com');
    const read = async () => (await api.get(`/api/referrals/${code}`)).body as ReferralStats;
    // Before the projection has seen anything of the code: zeros, not 404.
    expect((await read()).stats).toEqual({ total_clicks: 0, total_signups: 0, total_conversions: 0, revenue_lifetime: 0 });
    await click(code);
    for (let f = 0; f < 3; f++) await join(`tiers-friend${f}@example.com`, code);
    await confirmLeads(api, 'tiers-friend0@example.com', 'tiers-friend1@example.com', 'tiers-friend2@example.com');
    await projectionCaughtUp(api.database.handle.db, 'referral-stats');
    expect(await read()).toEqual({
      code,
      stats: { total_clicks: 1, total_signups: 3, total_conversions: 3, revenue_lifetime: 0 },
      rewards: [
        { invites: 1, reward: 'Move up 10 places on the list', unlocked: true },
        { invites: 3, reward: 'Early beta access to every new tool', unlocked: true },
        { invites: 5, reward: '3 months free on any tool', unlocked: false },
        { invites: 10, reward: 'Lifetime access to a second tool', unlocked: false },
      ],
    });
  });

  it('rebuilds the same stats from the log', async () => {
    const before = await sql`select * from referral_stats order by code`.execute(api.database.handle.db);
    const runner = api.app.get(ProjectionRunner);
    await runner.rebuild('referral-stats');
    const after = await sql`select * from referral_stats order by code`.execute(api.database.handle.db);
    expect(after.rows).toEqual(before.rows);
    expect(before.rows.length).toBeGreaterThan(10);
  });

  it.each(['0', '51', 'abc', '2.5'])('answers 400 for limit=%s', async (limit) => {
    const { status, body } = await api.get(`/api/referrals/leaderboard?limit=${limit}`);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ limit: 'Must be a number from 1 to 50.' });
  });

  it('reads zeros for a code nobody owns, and 404 for what is not a code', async () => {
    expect((await api.get('/api/referrals/NOPE42')).body).toMatchObject({
      code: 'NOPE42',
      stats: { total_clicks: 0, total_signups: 0, total_conversions: 0, revenue_lifetime: 0 },
    });
    expect((await api.get('/api/referrals/NOPE4')).status).toBe(404);
    expect((await api.get(`/api/referrals/${'x'.repeat(65)}`)).status).toBe(400);
  });
  it('answers a share link, its stats and the leaderboard exactly as the contract says (contracts/early-access/referral.ts)', async () => {
    const issued = await generate({ email: 'contract-sharer@example.com' });
    expect(issued.status).toBe(201);
    const answer = await issued.json();
    expectContract(issuedReferralCodeSchema, answer);
    const { code } = answer as { code: string };
    await join('contract-friend@example.com', code);
    await confirmLeads(api, 'contract-friend@example.com');
    await projectionCaughtUp(api.database.handle.db, 'referral-stats');
    expectContract(referralStatsSchema, (await api.get(`/api/referrals/${code}`)).body);
    const board = (await api.get('/api/referrals/leaderboard')).body as unknown[];
    expect(board.length).toBeGreaterThan(0);
    for (const entry of board) expectContract(leaderboardEntrySchema, entry);
  });
});

describe('who is on the list stays private, and every link the site offers credits its address', () => {
  beforeAll(async () => {
    await api.signInAsAdmin();
  });

  const leadId = async (email: string) =>
    (await sql<{ id: string }>`select id from leads where email = ${email}`.execute(api.database.handle.db)).rows[0]!.id;

  it("credits a lead for the generator's link: the click, the friend who confirms, the leaderboard and the admin's figures", async () => {
    const ownCode = await codeOf('linked-member@example.com');
    const { code } = (await (await generate({ email: 'linked-member@example.com' })).json()) as { code: string };
    expect(code).toMatch(/^[0-9A-Z]{6}$/);
    expect(code).not.toBe(ownCode);
    expect(await (await generate({ email: 'Linked-Member@example.com' })).json()).toEqual({ code });

    expect((await click(code)).status).toBe(201);
    expect((await join('linked-friend@example.com', code)).status).toBe(201);
    await confirmLeads(api, 'linked-friend@example.com');

    expect(await stats(code)).toEqual({ code, clicks: 1, signups: 1, conversions: 1, revenue: 0 });
    expect((await api.get('/api/referrals/leaderboard?limit=50')).body).toContainEqual({
      masked_email: 'li***@example.com',
      invite_count: 1,
    });
    const friend = (await api.get('/api/admin/leads?pageSize=100')).body.items.find(
      (lead: { email: string }) => lead.email === 'linked-friend@example.com',
    );
    expect(friend.referral).toEqual({ referrer_code: code, status: 'credited', reason: null });
    // The lead's activity is an async projection's (lead sessions): read it once the workers have caught up.
    await settled(api);
    const activity = await api.get(`/api/admin/analytics/leads/${await leadId('linked-member@example.com')}/activity`);
    expect(activity.status).toBe(200);
    expect(activity.body.referralData).toEqual({ code: ownCode, clicks: 1, conversions: 1, revenue_earned: 0 });

    // The link in the lead's own e-mail keeps counting alike, and the leaderboard adds both up.
    await click(ownCode);
    await join('own-link-friend@example.com', ownCode);
    await confirmLeads(api, 'own-link-friend@example.com');
    expect(await stats(ownCode)).toMatchObject({ clicks: 1, signups: 1 });
    expect((await api.get('/api/referrals/leaderboard?limit=50')).body).toContainEqual({
      masked_email: 'li***@example.com',
      invite_count: 2,
    });
    await settled(api);
    const both = await api.get(`/api/admin/analytics/leads/${await leadId('linked-member@example.com')}/activity`);
    expect(both.body.referralData).toEqual({ code: ownCode, clicks: 2, conversions: 2, revenue_earned: 0 });
  });

  /** What a stranger sees of an address through the generator: the answer, a click through it, its stats. */
  async function probeGenerator(email: string) {
    const issued = await generate({ email });
    const { code } = (await issued.json()) as { code: string };
    const clicked = await click(code);
    const read = await stats(code);
    const again = (await (await generate({ email })).json()) as { code: string };
    return {
      issued: issued.status,
      sameAgain: again.code === code,
      click: [clicked.status, await clicked.json()],
      stats: { ...read, code: read.code === code },
    };
  }

  it('answers the generator, a click through its link and the link stats alike for an address on the list and one that is not', async () => {
    await codeOf('probed-member@example.com');
    const member = await probeGenerator('probed-member@example.com');
    const stranger = await probeGenerator('probed-stranger@example.com');
    expect(member).toEqual(stranger);
    expect(member.stats).toMatchObject({ clicks: 1 });
  });

  /** A stranger joins with an address from a browser of their own, clicks the code they are told, reads its stats. */
  async function probeJoin(email: string) {
    const generated = (await (await generate({ email })).json()) as { code: string };
    const told = await joinAnswer(api, { email, source_page: '/' });
    const clicked = await click(told.refCode);
    const read = await stats(told.refCode);
    const second = await joinAnswer(api, { email, source_page: '/' });
    return {
      toldGenerated: told.refCode === generated.code,
      alreadyJoined: told.alreadyJoined,
      click: await clicked.json(),
      stats: { ...read, code: read.code === told.refCode },
      secondDiffers: second.refCode !== told.refCode,
    };
  }

  it('answers a join with an address on the list as one that adds it: the code is the one the generator gave, and counts', async () => {
    await codeOf('joined-member@example.com');
    const member = await probeJoin('joined-member@example.com');
    const stranger = await probeJoin('joined-stranger@example.com');
    expect(member).toEqual(stranger);
    expect(member).toMatchObject({ toldGenerated: true, stats: { clicks: 1 } });
  });

  it('gives every join its own position: a join with an address on the list uses one up, as a new join would', async () => {
    const { position: last } = await joinAnswer(api, { email: 'placed-member@example.com', source_page: '/' });
    const repeated = await joinAnswer(api, { email: 'placed-member@example.com', source_page: '/' });
    const next = await joinAnswer(api, { email: 'placed-newcomer@example.com', source_page: '/' });
    // As two new joins would be told.
    const first = await joinAnswer(api, { email: 'placed-new-a@example.com', source_page: '/' });
    const second = await joinAnswer(api, { email: 'placed-new-b@example.com', source_page: '/' });
    expect([repeated.position, next.position]).toEqual([last + 1, last + 2]);
    expect([first.position, second.position]).toEqual([last + 3, last + 4]);
    expect(repeated.alreadyJoined).toBe(false);
    const { rows } = await sql<{ n: number }>`
      select count(distinct waitlist_position)::int as n from leads`.execute(api.database.handle.db);
    const { rows: all } = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(api.database.handle.db);
    expect(rows[0]!.n).toBe(all[0]!.n);
  });

  it("gives concurrent joins with one address on the list distinct positions, none of them a newcomer's", async () => {
    const { position: last } = await joinAnswer(api, { email: 'crowded-member@example.com', source_page: '/' });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => joinAnswer(api, { email: 'crowded-member@example.com', source_page: '/' })),
      joinAnswer(api, { email: 'crowded-newcomer@example.com', source_page: '/' }),
    ]);
    const positions = answers.map((answer) => answer.position).sort((a, b) => a - b);
    expect(positions).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5]);
    const { rows } = await sql<{ waitlist_position: number }>`
      select waitlist_position from leads where email = 'crowded-newcomer@example.com'`.execute(api.database.handle.db);
    expect(positions).toContain(rows[0]!.waitlist_position);
  });

  it('rebuilds the same codes and stats from the log', async () => {
    const db = api.database.handle.db;
    const read = async () => ({
      codes: (await sql`select * from referral_codes order by code`.execute(db)).rows,
      stats: (await sql`select * from referral_stats order by code`.execute(db)).rows,
    });
    await projectionCaughtUp(db, 'referral-stats');
    const before = await read();
    const runner = api.app.get(ProjectionRunner);
    await runner.rebuild('referrals');
    await runner.rebuild('referral-stats');
    expect(await read()).toEqual(before);
  });
});
