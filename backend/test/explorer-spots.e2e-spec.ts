/**
 * The Early Explorer spots against a flood of joins nobody confirms, replayed as it happened: 85 made-up
 * addresses from 3 client addresses within seconds, under the real rate limits, then a real visitor joins and
 * confirms. The flood holds at most a quarter of the free spots, the programme stays open, and the visitor
 * who confirms takes a spot; a spot is held by confirming, decided then and kept in the log.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinWaitlistResult } from '../../contracts/early-access/waitlist.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { confirmationLink } from './waitlist-helpers.js';

let api: ApiHarness;

beforeAll(async () => {
  // Every client is its own address (X-Forwarded-For from loopback), at the production rate limits.
  api = await startApi({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.database.handle.db;

async function join(email: string, client: string): Promise<JoinWaitlistResult> {
  const response = await fetch(api.url('/api/leads'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ email, source_page: '/' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as JoinWaitlistResult;
}

async function confirm(email: string, client: string): Promise<void> {
  const response = await fetch(await confirmationLink(api, email), { method: 'POST', headers: { 'x-forwarded-for': client } });
  expect(response.status, await response.clone().text()).toBe(200);
}

const status = async () => (await api.get('/api/early-access/status')).body;

describe('a flood of joins nobody confirms', () => {
  it('cannot close the programme: the real visitor who joins after it and confirms takes an Explorer spot', async () => {
    // 15 people joined and confirmed before.
    for (let i = 0; i < 15; i++) {
      await join(`person${i}@example.com`, `198.51.100.${i + 1}`);
      await confirm(`person${i}@example.com`, `198.51.100.${i + 1}`);
    }
    expect(await status()).toEqual({ leadCount: 15, cap: 100, spotsRemaining: 85, mode: 'early-explorers' });

    // 85 made-up addresses from 3 client addresses, all at once.
    const clients = ['203.0.113.7', '203.0.113.8', '203.0.113.9'];
    const flood = await Promise.all(Array.from({ length: 85 }, (_, i) => join(`fake${i}@made-up-${i % 7}.test`, clients[i % 3]!)));
    expect(flood).toHaveLength(85);

    // A real visitor joins: told they are an Early Explorer, at the next position.
    const visitor = await join('real.visitor@example.com', '192.0.2.44');
    expect(visitor).toMatchObject({ position: 101, earlyExplorer: true, spotsLeft: 64, alreadyJoined: false });
    // The 86 pending joins hold a quarter of the 85 free spots (21), no more: the programme stays open.
    expect(await status()).toEqual({ leadCount: 36, cap: 100, spotsRemaining: 64, mode: 'early-explorers' });

    // They confirm: the spot is theirs, decided at the confirmation and kept in the log.
    await confirm('real.visitor@example.com', '192.0.2.44');
    const lead = await db()
      .selectFrom('leads')
      .select(['id', 'early_explorer', 'confirmed_at'])
      .where('email', '=', 'real.visitor@example.com')
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ early_explorer: true, confirmed_at: expect.any(Date) });
    const { rows } = await sql<{ data: { earlyExplorer: boolean } }>`
      select data from events where type = 'LeadConfirmed' and stream_id = ${`lead-${lead.id}`}`.execute(db());
    expect(rows.map((row) => row.data.earlyExplorer)).toEqual([true]);
    // 16 confirmed Explorers, and the flood's 85 pending joins hold a quarter of the 84 free spots (21).
    expect(await status()).toEqual({ leadCount: 37, cap: 100, spotsRemaining: 63, mode: 'early-explorers' });

    // The leads rebuild from the log to the same rows (the Explorer decisions are in the events).
    const leads = () => sql`select * from leads order by waitlist_position`.execute(db());
    const before = (await leads()).rows;
    await api.app.get(ProjectionRunner).rebuild('leads');
    expect((await leads()).rows).toEqual(before);
  });

  it('gives the last spots to the first who confirm, and the rest the wait-list, never more than 100 Explorers', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from leads where confirmed_at is not null`.execute(db());
    // 16 confirmed so far: 84 more confirmations fill the programme; the flood's addresses confirming would be
    // real people after all.
    const flooded = await db().selectFrom('leads').select('email').where('confirmed_at', 'is', null).orderBy('waitlist_position').execute();
    expect(rows[0]!.n + flooded.length).toBe(101);
    const clients = Array.from({ length: 5 }, (_, i) => `192.0.2.${100 + i}`);
    await Promise.all(
      clients.map((client, c) =>
        (async () => {
          for (let i = c; i < flooded.length; i += clients.length) await confirm(flooded[i]!.email, client);
        })(),
      ),
    );
    const { rows: explorers } = await sql<{ explorer: boolean; n: number }>`
      select early_explorer as explorer, count(*)::int as n from leads where confirmed_at is not null group by 1 order by 1`.execute(db());
    expect(explorers).toEqual([
      { explorer: false, n: 1 },
      { explorer: true, n: 100 },
    ]);
    expect(await status()).toEqual({ leadCount: 100, cap: 100, spotsRemaining: 0, mode: 'waitlist' });
    const late = await join('too.late@example.com', '192.0.2.200');
    expect(late).toMatchObject({ position: 102, earlyExplorer: false, spotsLeft: 0 });
  });
});
