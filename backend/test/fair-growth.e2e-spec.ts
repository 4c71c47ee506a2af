/**
 * The Early Explorers programme against someone farming it from one client: fake referrals earn nothing
 * until the friends confirm their addresses, look-alike addresses are one person or refused, unconfirmed
 * spots come back, suspicious patterns are flagged to the admin, who can void a referral.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../contracts/early-access/lead.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { projectionCaughtUp } from '../src/shared/testing/test-database.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { Browser, confirmationLink, confirmLeads, joinAnswer } from './waitlist-helpers.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.database.handle.db;

async function stats(code: string) {
  await projectionCaughtUp(db(), 'referral-stats');
  return (await api.get(`/api/referrals/${code}`)).body as {
    stats: { total_signups: number; total_conversions: number };
    rewards: { invites: number; unlocked: boolean }[];
  };
}

async function leaderboard(): Promise<{ masked_email: string; invite_count: number }[]> {
  await projectionCaughtUp(db(), 'referral-stats');
  return (await api.get('/api/referrals/leaderboard')).body;
}

async function adminLeads(): Promise<Lead[]> {
  const { status, body } = await api.get('/api/admin/leads?pageSize=100');
  expect(status).toBe(200);
  return body.items;
}

const leadOf = async (email: string) => (await adminLeads()).find((lead) => lead.email === email)!;

async function count(type: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = ${type}`.execute(db());
  return rows[0]!.n;
}

describe('referral farming', () => {
  it('gives 25 fake referrals no credit, no tier, no leaderboard place and no conversion until they confirm', async () => {
    const farmer = await joinAnswer(api, { email: 'farmer@example.com', source_page: '/' });
    const conversions = await count('ConversionRecorded');
    const fakes = Array.from({ length: 25 }, (_, n) => `fake${n}@nonexistent-domain-${n}.test`);
    for (const email of fakes) await joinAnswer(api, { email, source_page: '/', ref: farmer.refCode });

    const farmed = await stats(farmer.refCode);
    expect(farmed.stats).toMatchObject({ total_signups: 0, total_conversions: 0 });
    expect(farmed.rewards.map((tier) => tier.unlocked)).toEqual([false, false, false, false]);
    expect(await leaderboard()).toEqual([]);
    expect(await count('ConversionRecorded')).toBe(conversions);
    // The 26 pending joins hold spots while they may still confirm, a quarter of the free ones at most.
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount: 25, spotsRemaining: 75 });
    expect((await leadOf(fakes[0]!)).referral).toEqual({ referrer_code: farmer.refCode, status: 'pending', reason: null });

    // Two real friends confirm: those two count, the 23 others still do not.
    await confirmLeads(api, fakes[0]!, fakes[1]!);
    expect((await stats(farmer.refCode)).stats).toMatchObject({ total_signups: 2, total_conversions: 2 });
    expect(await leaderboard()).toEqual([{ masked_email: 'fa***@example.com', invite_count: 2 }]);
    expect(await count('ConversionRecorded')).toBe(conversions + 2);
    expect((await leadOf(fakes[0]!)).referral).toMatchObject({ status: 'credited' });
  });

  it('flags many referrals from one client within minutes, and lets the admin void one, audited', async () => {
    const fake = 'fake0@nonexistent-domain-0.test';
    const lead = await leadOf(fake);
    expect(lead.flags).toContainEqual({
      code: 'referral-burst',
      reason: 'One of many referrals from one client address or session within minutes: 25 referrals',
    });
    const voided = await fetch(api.url(`/api/admin/leads/${lead.id}/referral/void`), { method: 'POST', headers: api.headers });
    expect(voided.status).toBe(204);
    const { referral_code } = (
      await sql<{ referral_code: string }>`select referral_code from leads where email = 'farmer@example.com'`.execute(db())
    ).rows[0]!;
    expect((await stats(referral_code)).stats).toMatchObject({ total_signups: 1, total_conversions: 1 });
    expect((await leadOf(fake)).referral).toMatchObject({
      status: 'voided',
      reason: expect.stringMatching(/^Voided by an administrator on \d{4}-\d\d-\d\d$/),
    });

    // Twice changes nothing; a lead that was not referred and an unknown lead are refused.
    const events = await count('ReferralVoided');
    expect((await fetch(api.url(`/api/admin/leads/${lead.id}/referral/void`), { method: 'POST', headers: api.headers })).status).toBe(204);
    expect(await count('ReferralVoided')).toBe(events);
    const unreferred = await leadOf('farmer@example.com');
    const conflict = await fetch(api.url(`/api/admin/leads/${unreferred.id}/referral/void`), { method: 'POST', headers: api.headers });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: 'REFERRAL.NONE', message: 'This lead did not join through a referral.' });
    const missing = await fetch(api.url('/api/admin/leads/00000000-0000-4000-8000-000000000000/referral/void'), {
      method: 'POST',
      headers: api.headers,
    });
    expect(missing.status).toBe(404);
    expect((await fetch(api.url(`/api/admin/leads/${lead.id}/referral/void`), { method: 'POST' })).status).toBe(401);

    const trail = (await api.get('/api/admin/audit')).body as { entries: { type: string; description: string }[] };
    expect(trail.entries).toContainEqual(
      expect.objectContaining({
        type: 'ReferralVoided',
        description: `Voided a referral to the code ${referral_code} (its credit taken back)`,
      }),
    );
    // A voided referral never counts, even when its lead confirms afterwards.
    const pending = await leadOf('fake2@nonexistent-domain-2.test');
    await fetch(api.url(`/api/admin/leads/${pending.id}/referral/void`), { method: 'POST', headers: api.headers });
    await confirmLeads(api, 'fake2@nonexistent-domain-2.test');
    expect((await stats(referral_code)).stats).toMatchObject({ total_signups: 1 });
  });

  it('gives unconfirmed spots back after LEAD_CONFIRMATION_DAYS, without renumbering anyone', async () => {
    const positions = async () =>
      (
        await sql<{
          email: string;
          waitlist_position: number;
        }>`select email, waitlist_position from leads order by waitlist_position`.execute(db())
      ).rows;
    const before = await positions();
    // 22 fakes never confirmed (three did); they joined 8 days ago as far as the list knows.
    await sql`update leads set created_at = now() - interval '8 days' where email like 'fake%' and confirmed_at is null`.execute(db());
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount: 4, spotsRemaining: 96 });
    expect(await positions()).toEqual(before);
    expect((await leadOf('fake3@nonexistent-domain-3.test')).status).toBe('expired');
    expect((await leadOf('fake0@nonexistent-domain-0.test')).status).toBe('confirmed');
    expect((await leadOf('farmer@example.com')).status).toBe('pending');
    // The next newcomer takes the next position, and is told the spots as they are.
    const next = await joinAnswer(api, { email: 'newcomer@example.com', source_page: '/' });
    expect(next).toMatchObject({ position: before.length + 1, spotsLeft: 95, earlyExplorer: true });
  });
});

describe('one person, one place', () => {
  it.each([
    ['a trailing dot', 'dup1@example.com', 'dup1@example.com.'],
    ['full-width letters', 'dup2@example.com', 'ｄｕｐ２@example.com'],
    ['upper case and spaces', 'dup3@example.com', '  DUP3@Example.COM '],
  ])('reads %s as the same address: no second lead', async (_, email, spelling) => {
    const browser = new Browser(api);
    await browser.join({ email, source_page: '/' });
    const before = await count('LeadJoined');
    const again = await browser.join({ email: spelling, source_page: '/' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyJoined: true });
    expect(await count('LeadJoined')).toBe(before);
  });

  it.each([
    ['a zero-width space', 'dup\u200b@example.com'],
    ['a right-to-left override', '\u202edup@example.com'],
    ['a Cyrillic letter in a Latin domain', 'dup@exampl\u0435.com'],
  ])('refuses %s with the spec message, writing nothing', async (_, email) => {
    const before = await count('LeadJoined');
    const response = await new Browser(api).join({ email, source_page: '/' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { email: 'Please enter a valid email address.' } });
    expect(await count('LeadJoined')).toBe(before);
  });

  it("never credits the referrer's own mailbox (a sub-address, Gmail's dots), nor a mailbox already on the list, and flags them", async () => {
    const owner = await joinAnswer(api, { email: 'saver@gmail.com', source_page: '/' });
    for (const email of ['s.a.v.e.r+1@gmail.com', 'saver+2@googlemail.com', 'friend@example.org', 'friend+again@example.org']) {
      await joinAnswer(api, { email, source_page: '/', ref: owner.refCode });
    }
    await confirmLeads(api, 's.a.v.e.r+1@gmail.com', 'saver+2@googlemail.com', 'friend@example.org', 'friend+again@example.org');
    expect((await stats(owner.refCode)).stats).toMatchObject({ total_signups: 1 });
    expect((await leadOf('s.a.v.e.r+1@gmail.com')).referral).toEqual({
      referrer_code: owner.refCode,
      status: 'refused',
      reason: "The referrer's own mailbox",
    });
    expect((await leadOf('friend+again@example.org')).referral).toMatchObject({
      status: 'refused',
      reason: 'This person was already on the list',
    });
    expect((await leadOf('friend@example.org')).referral).toMatchObject({ status: 'credited' });
    expect((await leadOf('saver+2@googlemail.com')).flags).toContainEqual({
      code: 'same-mailbox',
      reason: 'Same mailbox as another lead (sub-address or dots in a Gmail address): 3 leads',
    });
  });

  it('never credits a referral from a disposable address, and flags it', async () => {
    const owner = await joinAnswer(api, { email: 'tempref@example.com', source_page: '/' });
    await joinAnswer(api, { email: 'throwaway@mailinator.com', source_page: '/', ref: owner.refCode });
    await confirmLeads(api, 'throwaway@mailinator.com');
    expect((await stats(owner.refCode)).stats).toMatchObject({ total_signups: 0 });
    const lead = await leadOf('throwaway@mailinator.com');
    expect(lead.referral).toMatchObject({ status: 'refused', reason: 'Disposable e-mail domain' });
    expect(lead.flags).toContainEqual({ code: 'disposable', reason: 'Disposable e-mail domain' });
  });

  it('flags 3 or more confirmed friends of one referrer at one domain that is not a public mail provider, through any of its links', async () => {
    const owner = await joinAnswer(api, { email: 'catchall-owner@example.com', source_page: '/' });
    const { code: generated } = (await (
      await fetch(api.url('/api/referral-codes'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'catchall-owner@example.com' }),
      })
    ).json()) as { code: string };
    const cluster = ['a@fresh-catchall.test', 'b@fresh-catchall.test', 'c@fresh-catchall.test'];
    await joinAnswer(api, { email: cluster[0], source_page: '/', ref: owner.refCode });
    await joinAnswer(api, { email: cluster[1], source_page: '/', ref: owner.refCode });
    await joinAnswer(api, { email: cluster[2], source_page: '/', ref: generated });
    // Not confirmed: not part of the cluster, and not flagged.
    await joinAnswer(api, { email: 'd@fresh-catchall.test', source_page: '/', ref: owner.refCode });
    // Two at another domain, and three at a public mail provider: no flag.
    for (const email of [
      'x@small-office.test',
      'y@small-office.test',
      'catchall.one@gmail.com',
      'catchall.two@gmail.com',
      'catchall.three@gmail.com',
    ]) {
      await joinAnswer(api, { email, source_page: '/', ref: owner.refCode });
    }
    expect((await leadOf(cluster[0]!)).flags.map((flag) => flag.code)).not.toContain('referral-domain');
    await confirmLeads(api, ...cluster, 'x@small-office.test', 'y@small-office.test');
    await confirmLeads(api, 'catchall.one@gmail.com', 'catchall.two@gmail.com', 'catchall.three@gmail.com');
    for (const email of cluster) {
      expect((await leadOf(email)).flags).toContainEqual({
        code: 'referral-domain',
        reason: 'One of many confirmed friends of one referrer at one domain that is not a public mail provider: 3 referrals',
      });
    }
    for (const email of ['d@fresh-catchall.test', 'x@small-office.test', 'catchall.one@gmail.com']) {
      expect((await leadOf(email)).flags.map((flag) => flag.code)).not.toContain('referral-domain');
    }
    // Flagged, not blocked: the friends count for the referrer.
    expect((await leadOf(cluster[2]!)).referral).toMatchObject({ referrer_code: generated, status: 'credited' });
  });

  it('shows an address a mail server refused for good as undeliverable', async () => {
    await joinAnswer(api, { email: 'bounce@nowhere.example', source_page: '/' });
    await api.app
      .get(EventStore)
      .append(
        'email-test-bounce',
        [{ type: 'EmailUndeliverable', data: { to: 'bounce@nowhere.example', template: 'welcome', reason: '550 5.1.1 No such user' } }],
        0,
      );
    expect((await leadOf('bounce@nowhere.example')).flags).toContainEqual({
      code: 'undeliverable',
      reason: 'E-mail to this address was refused for good: 550 5.1.1 No such user',
    });
  });
});

describe('confirming a place', () => {
  it('leads from the link to the confirmation page, whose button confirms; the link is for its lead only and a forged one is refused', async () => {
    await joinAnswer(api, { email: 'clicker@example.com', source_page: '/' });
    const link = await confirmationLink(api, 'clicker@example.com');
    const token = new URL(link).searchParams.get('token')!;
    // The link of an e-mail sent before the page existed leads to it, with its token; following it changes nothing.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/confirm?token=${encodeURIComponent(token)}`);
    expect((await api.get(`/api/leads/confirm/check?token=${encodeURIComponent(token)}`)).body).toEqual({ valid: true });
    expect((await leadOf('clicker@example.com')).status).toBe('pending');

    const confirmed = await fetch(link, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('<h1>Your address is confirmed</h1>');
    const lead = await leadOf('clicker@example.com');
    expect(lead).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });

    const forged = link.replace(/token=([^.]+)\./, 'token=$1x.');
    expect((await api.get(`/api/leads/confirm/check?${new URL(forged).searchParams}`)).body).toEqual({ valid: false });
    const refused = await fetch(forged, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'This confirmation link is not valid.' });
    expect((await fetch(api.url('/api/leads/confirm'), { method: 'POST' })).status).toBe(400);
  });
});
