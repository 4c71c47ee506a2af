/**
 * Waitlist joins at 200 concurrent clients (fresh addresses, 30 % through a referral link), then checks that
 * the positions answered are unique and, with the leads table, gap-free; and referral clicks on their links.
 */
import type pg from 'pg';
import { load, pick, type LoadResult } from './load.js';

export const WAITLIST = { connections: 200, seconds: 10, referredShare: 0.3 };
export const CLICKS = { connections: 20, seconds: 10 };

export interface WaitlistFigures extends LoadResult {
  joins: number;
  positionsUnique: boolean;
  positionsGapFree: boolean;
  codes: string[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export async function waitlistJoins(baseUrl: string, db: pg.Pool): Promise<WaitlistFigures> {
  const run = Date.now().toString(36);
  const referrers: string[] = [];
  for (let i = 0; i < 5; i++) referrers.push((await join(baseUrl, `bench-referrer-${run}-${i}@example.com`)).refCode);
  let n = 0;
  const positions: number[] = [];
  const codes: string[] = [];
  const result = await load({
    url: `${baseUrl}/api/leads`,
    connections: WAITLIST.connections,
    duration: WAITLIST.seconds,
    method: 'POST',
    headers: JSON_HEADERS,
    body: () =>
      JSON.stringify({
        email: `bench-${run}-${n++}@example.com`,
        source_page: '/',
        ref: Math.random() < WAITLIST.referredShare ? pick(referrers) : null,
      }),
    onResponse: (status, body) => {
      if (status !== 201) return;
      const answer = JSON.parse(body) as { position: number; refCode: string; alreadyJoined: boolean };
      if (answer.alreadyJoined) throw new Error(`a fresh address was told it had joined already: ${body}`);
      positions.push(answer.position);
      codes.push(answer.refCode);
    },
  });
  // Every position answered once, and the leads table holds exactly 1..N.
  const answered = new Set(positions);
  const { rows } = await db.query<{ n: number; min: number; max: number; distinct: number }>(
    'select count(*)::int as n, min(waitlist_position)::int as min, max(waitlist_position)::int as max, count(distinct waitlist_position)::int as distinct from leads',
  );
  const table = rows[0]!;
  return {
    ...result,
    joins: positions.length,
    positionsUnique: answered.size === positions.length,
    positionsGapFree: table.min === 1 && table.max === table.n && table.distinct === table.n && table.n === positions.length + referrers.length,
    codes,
  };
}

export async function referralClicks(baseUrl: string, codes: string[]): Promise<LoadResult> {
  const bodies = [{ via: 'twitter' }, { utm_source: 'linkedin' }, { referrer: 'https://www.reddit.com/' }, { via: 'whatsapp' }, {}].map((b) => JSON.stringify(b));
  return load({
    url: baseUrl,
    connections: CLICKS.connections,
    duration: CLICKS.seconds,
    method: 'POST',
    headers: JSON_HEADERS,
    path: () => `/api/referrals/${pick(codes)}/clicks`,
    body: () => pick(bodies),
  });
}

async function join(baseUrl: string, email: string): Promise<{ refCode: string }> {
  const response = await fetch(`${baseUrl}/api/leads`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email }) });
  if (response.status !== 201) throw new Error(`join answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { refCode: string };
}
