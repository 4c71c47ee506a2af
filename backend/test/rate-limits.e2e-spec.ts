/**
 * Abuse: every public write is limited per client address, whichever route it is: the routes come from
 * the router's own table (recordRoutes), so a write added later is covered without being listed here.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { json, routeTable } from './auth-helpers.js';

let api: ApiHarness;
beforeAll(async () => {
  // The per-client budget across routes (60 a minute) is tested in hostile-requests.e2e-spec.ts; here each
  // route's own limit is, so the budget is out of the way.
  api = await startApi({ RATE_LIMIT_FACTOR: '1', PUBLIC_WRITE_BUDGET: '100000' });
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  fetch(api.url(path), { method, headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('rate limits on public writes', () => {
  it('answers the 31st write of a minute from one address with a clear 429, on every public write route', async () => {
    const writes = routeTable(api.app).filter(
      (r) => !['GET', 'HEAD'].includes(r.method) && r.declared.startsWith('/api/') && !/^\/api\/(admin|auth|analytics)\//.test(r.declared),
    );
    expect(writes.map((r) => `${r.method} ${r.declared}`)).toEqual(
      expect.arrayContaining(['POST /api/leads', 'POST /api/suggestions', 'POST /api/newsletter/subscriptions', 'POST /api/quiz-results']),
    );
    const eventsBefore = await countEvents();
    for (const { method, path, declared } of writes) {
      // Each route counts on its own; invalid bodies still count, so nothing is written meanwhile.
      for (let i = 0; i < 30; i++) {
        const response = await send(method, path);
        expect(response.status, `${method} ${declared} #${i + 1}`).not.toBe(429);
      }
      const blocked = await send(method, path);
      expect(blocked.status, `${method} ${declared} #31`).toBe(429);
      expect(await json(blocked)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
      expect(Number(blocked.headers.get('retry-after-public-write'))).toBeGreaterThan(0);
    }
    // Reading is never limited.
    for (let i = 0; i < 40; i++) expect((await fetch(api.url('/api/early-access/status'))).status).toBe(200);
    expect(await countEvents()).toBe(eventsBefore);
  });

  it("gives the tracker's batches a limit of their own, 120 a minute", async () => {
    let status = 0;
    for (let i = 0; i < 121; i++) status = (await send('POST', '/api/analytics/collect', { 'user-agent': BROWSER_UA })).status;
    expect(status).toBe(429);
  });

  it("answers the tracker's batches past their limit as every limited write, saying when to try again", async () => {
    // Sent until refused: after the test above, the first one is.
    const answers: Response[] = [];
    for (let i = 0; i < 121 && answers.at(-1)?.status !== 429; i++)
      answers.push(await send('POST', '/api/analytics/collect', { 'user-agent': BROWSER_UA }));
    const blocked = answers.at(-1)!;
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(blocked.headers.get('retry-after-analytics-collect'))).toBeGreaterThan(0);
    for (const allowed of answers.slice(0, -1)) expect(allowed.headers.get('x-ratelimit-limit-analytics-collect')).toBe('120');
  });
});

async function countEvents(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(api.database.handle.db);
  return rows[0]!.n;
}
