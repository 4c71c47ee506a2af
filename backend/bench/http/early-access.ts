/**
 * Waitlist joins as load-tests/waitlist-burst.js sends them: bursts of 200 joins at once (a launch post, a
 * newsletter going out), one burst after another, from fresh addresses, 30 % through a referral link; then a
 * sustained run (200 clients, each joining again as soon as answered) for the capacity. Then checks that the
 * positions answered are unique and, with the leads table, gap-free; and referral clicks on their links.
 */
import http from 'node:http';
import type pg from 'pg';
import { cpuPer, cpuSnapshot } from './cpu.js';
import { load, pick, type LoadResult } from './load.js';

export const WAITLIST = { burst: 200, bursts: 25, sustainedSeconds: 10, referredShare: 0.3 };
export const CLICKS = { connections: 20, seconds: 10 };

export interface WaitlistFigures {
  /** The bursts: every join timed on its own. */
  bursts: LoadResult;
  /** Joins answered per second when 200 clients join back to back. */
  sustained: LoadResult;
  /** CPU per join of each kind of process during the counted bursts (from /proc; empty elsewhere). */
  burstCpuPerJoin: string;
  joins: number;
  positionsUnique: boolean;
  positionsGapFree: boolean;
  codes: string[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };

interface Answer {
  status: number;
  body: string;
  ms: number;
}

export async function waitlistJoins(baseUrl: string, db: pg.Pool): Promise<WaitlistFigures> {
  const run = Date.now().toString(36);
  const referrers: string[] = [];
  for (let i = 0; i < 5; i++) referrers.push((await join(baseUrl, `bench-referrer-${run}-${i}@example.com`)).refCode);
  let n = 0;
  const body = () =>
    JSON.stringify({
      email: `bench-${run}-${n++}@example.com`,
      source_page: '/',
      ref: Math.random() < WAITLIST.referredShare ? pick(referrers) : null,
    });
  const positions: number[] = [];
  const codes: string[] = [];
  const collect = (status: number, answer: string) => {
    if (status !== 201) return;
    const joined = JSON.parse(answer) as { position: number; refCode: string; alreadyJoined: boolean };
    if (joined.alreadyJoined) throw new Error(`a fresh address was told it had joined already: ${answer}`);
    positions.push(joined.position);
    codes.push(joined.refCode);
  };

  // Kept-alive connections, as k6's http.batch keeps them; the first burst opens them and is not counted.
  const agent = new http.Agent({ keepAlive: true, maxSockets: WAITLIST.burst });
  const answers: Answer[] = [];
  const started = performance.now();
  let cpuBefore = cpuSnapshot();
  for (let i = 0; i <= WAITLIST.bursts; i++) {
    const burst = await Promise.all(Array.from({ length: WAITLIST.burst }, () => post(`${baseUrl}/api/leads`, body(), agent)));
    for (const answer of burst) collect(answer.status, answer.body);
    if (i > 0) answers.push(...burst);
    else cpuBefore = cpuSnapshot();
  }
  const seconds = (performance.now() - started) / 1000;
  const burstCpuPerJoin = cpuPer(cpuBefore, cpuSnapshot(), answers.length);
  agent.destroy();

  const sustained = await load({
    url: `${baseUrl}/api/leads`,
    connections: WAITLIST.burst,
    duration: WAITLIST.sustainedSeconds,
    method: 'POST',
    headers: JSON_HEADERS,
    body,
    onResponse: collect,
  });

  // Every position answered once, and the leads table holds exactly 1..N.
  const answered = new Set(positions);
  const { rows } = await db.query<{ n: number; min: number; max: number; distinct: number }>(
    'select count(*)::int as n, min(waitlist_position)::int as min, max(waitlist_position)::int as max, count(distinct waitlist_position)::int as distinct from leads',
  );
  const table = rows[0]!;
  return {
    bursts: summarise(answers, seconds),
    sustained,
    burstCpuPerJoin,
    joins: positions.length,
    positionsUnique: answered.size === positions.length,
    // The load generator may stop with joins in flight: the server committed them, nobody read the answer.
    positionsGapFree:
      table.min === 1 && table.max === table.n && table.distinct === table.n && positions.every((p) => p <= table.n) && table.n >= positions.length + referrers.length,
    codes,
  };
}

function post(url: string, body: string, agent: http.Agent): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - start }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

function summarise(answers: Answer[], seconds: number): LoadResult {
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0);
  const ok = answers.filter((answer) => answer.status === 201).length;
  return { rps: ok / seconds, ok, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), errors: answers.length - ok, seconds };
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
