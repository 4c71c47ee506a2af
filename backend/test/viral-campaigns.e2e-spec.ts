/** Viral campaigns: an admin starts and ends them; the site reads the active ones. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
});
afterAll(async () => {
  await api?.close();
});

const adminPost = (path: string, body?: string, headers: Record<string, string> = api.headers) =>
  fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const start = (body: unknown) => adminPost('/api/admin/viral-campaigns', typeof body === 'string' ? body : JSON.stringify(body));
const active = async () => (await fetch(api.url('/api/viral-campaigns'))).json() as Promise<{ id: string; name: string }[]>;

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(api.database.handle.db);
  return rows[0]!.n;
}

describe('viral campaigns', () => {
  it('has none active at first', async () => {
    expect(await active()).toEqual([]);
  });

  it('lists a started campaign as active at once, newest first, and drops an ended one', async () => {
    const first = await start({ name: '  Invite 3 friends in March ', description: 'Three sign-ups move you up 30 places.' });
    expect(first.status).toBe(201);
    const { id: firstId } = (await first.json()) as { id: string };
    const { id: secondId } = (await (await start({ name: 'Launch week' })).json()) as { id: string };
    expect(await active()).toEqual([
      { id: secondId, name: 'Launch week', description: null, is_active: true, started_at: expect.any(String) },
      {
        id: firstId,
        name: 'Invite 3 friends in March',
        description: 'Three sign-ups move you up 30 places.',
        is_active: true,
        started_at: expect.any(String),
      },
    ]);

    expect((await adminPost(`/api/admin/viral-campaigns/${firstId}/end`)).status).toBe(204);
    expect((await active()).map((c) => c.id)).toEqual([secondId]);
    // Ending again changes nothing and writes nothing.
    const before = await eventCount();
    expect((await adminPost(`/api/admin/viral-campaigns/${firstId}/end`)).status).toBe(204);
    expect(await eventCount()).toBe(before);
  });

  it('records the acting admin on each change', async () => {
    const { rows } = await sql<{ type: string; user_id: string | null }>`
      select type, metadata->>'userId' as user_id from events where type like 'ViralCampaign%'`.execute(api.database.handle.db);
    expect(rows.length).toBe(3);
    for (const row of rows) expect(row.user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 for ending an unknown campaign and 400 for an id that is not one', async () => {
    expect((await adminPost('/api/admin/viral-campaigns/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b/end')).status).toBe(404);
    expect((await adminPost('/api/admin/viral-campaigns/nope/end')).status).toBe(400);
  });

  it.each([
    ['a missing name', {}, { name: 'Please enter a campaign name.' }],
    ['a blank name', { name: '   ' }, { name: 'Please enter a campaign name.' }],
    ['a wrong type', { name: 42 }, { name: 'Please enter a campaign name.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'At most 100 characters.' }],
    ['a long description', { name: 'x', description: 'y'.repeat(501) }, { description: 'At most 500 characters.' }],
    ['a control character', { name: 'a\u0000b' }, { name: 'Control characters are not allowed.' }],
    ['an unknown field', { name: 'x', is_active: false }, { '(body)': 'Unrecognized key: "is_active"' }],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = await eventCount();
    const response = await start(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect(await eventCount()).toBe(before);
  });

  it('answers malformed JSON with 400 and a body over 64 KB with 413', async () => {
    expect((await start('{"name":')).status).toBe(400);
    expect((await start(JSON.stringify({ name: 'x', description: 'y'.repeat(70_000) }))).status).toBe(413);
  });

  it('lets only an administrator start or end one', async () => {
    expect((await adminPost('/api/admin/viral-campaigns', JSON.stringify({ name: 'x' }), {})).status).toBe(401);
  });
});
