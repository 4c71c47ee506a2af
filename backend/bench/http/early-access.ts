/**
 * Waitlist joins as load-tests/waitlist-burst.js sends them: bursts of 200 joins at once (a launch post, a
 * newsletter going out), one burst after another, from fresh addresses, 30 % through a referral link; then a
 * sustained run (200 clients, each joining again as soon as answered) for the capacity. Then checks that the
 * positions answered are unique and, with the leads table, gap-free; and referral clicks on their links.
 *
 * The bursts are measured on a warm server, as a production server is: 30 bursts first (6,000 joins: the API
 * costs twice the CPU per join for its first few thousand, docs/performance.md), not counted, then a wait
 * until the worker has projected them and sent their welcome e-mails, so that the measured bursts share the
 * cores with the worker's work on themselves only.
 */
import http from 'node:http';
import type pg from 'pg';
import { cpuPer, cpuSnapshot } from './cpu.js';
import { load, pick, type LoadResult } from './load.js';
import { eventually } from '../../src/shared/testing/eventually.js';

export const WAITLIST = { burst: 200, bursts: 25, warmUpBursts: 30, sustainedSeconds: 10, referredShare: 0.3 };
export const CLICKS = { connections: 20, seconds: 10 };

export interface WaitlistFigures {
  /** The bursts: every join timed on its own. */
  bursts: LoadResult;
  /** The same bursts once the worker process is stopped: the API and PostgreSQL alone on the cores. */
  burstsWithoutWorker?: LoadResult;
  /** Joins answered per second when 200 clients join back to back. */
  sustained: LoadResult;
  /** How long the worker took, after the warm-up's last answer, to project its joins and send their e-mails. */
  workerCatchUpSeconds: number;
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

export interface WaitlistHooks {
  /** True once the worker has caught up with every join so far (projected, welcome e-mail sent). */
  workerIdle: () => Promise<boolean>;
  /** Stops the worker process, for the bursts without it; resolves once it has stopped. */
  stopWorker?: () => Promise<void>;
}

export async function waitlistJoins(baseUrl: string, db: pg.Pool, hooks: WaitlistHooks): Promise<WaitlistFigures> {
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

  // Kept-alive connections, as k6's http.batch keeps them; the warm-up opens them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: WAITLIST.burst });
  const bursts = async (count: number) => {
    const answers: Answer[] = [];
    const cpuBefore = cpuSnapshot();
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const burst = await Promise.all(Array.from({ length: WAITLIST.burst }, () => post(`${baseUrl}/api/leads`, body(), agent)));
      for (const answer of burst) collect(answer.status, answer.body);
      answers.push(...burst);
    }
    const result = summarise(answers, (performance.now() - started) / 1000);
    return { result, cpuPerJoin: cpuPer(cpuBefore, cpuSnapshot(), answers.length) };
  };
  await bursts(WAITLIST.warmUpBursts);
  const drainStarted = performance.now();
  await eventually(hooks.workerIdle, { timeout: 120_000 });
  const workerCatchUpSeconds = (performance.now() - drainStarted) / 1000;
  const measured = await bursts(WAITLIST.bursts);

  const sustained = await load({
    url: `${baseUrl}/api/leads`,
    connections: WAITLIST.burst,
    duration: WAITLIST.sustainedSeconds,
    method: 'POST',
    headers: JSON_HEADERS,
    body,
    onResponse: collect,
  });

  // The worker's work elsewhere (its own cores or machine, as docker-compose.yml runs it).
  let burstsWithoutWorker: LoadResult | undefined;
  if (hooks.stopWorker) {
    await hooks.stopWorker();
    burstsWithoutWorker = (await bursts(WAITLIST.bursts)).result;
  }
  agent.destroy();

  // Every position answered once, and the leads table holds exactly 1..N.
  const answered = new Set(positions);
  const { rows } = await db.query<{ n: number; min: number; max: number; distinct: number }>(
    'select count(*)::int as n, min(waitlist_position)::int as min, max(waitlist_position)::int as max, count(distinct waitlist_position)::int as distinct from leads',
  );
  const table = rows[0]!;
  return {
    bursts: measured.result,
    burstsWithoutWorker,
    sustained,
    burstCpuPerJoin: measured.cpuPerJoin,
    workerCatchUpSeconds,
    joins: positions.length,
    positionsUnique: answered.size === positions.length,
    // The load generator may stop with joins in flight: the server committed them, nobody read the answer.
    positionsGapFree:
      table.min === 1 &&
      table.max === table.n &&
      table.distinct === table.n &&
      positions.every((p) => p <= table.n) &&
      table.n >= positions.length + referrers.length,
    codes,
  };
}

function post(url: string, body: string, agent: http.Agent): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - start }));
      },
    );
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
  const bodies = [{ via: 'twitter' }, { utm_source: 'linkedin' }, { referrer: 'https://www.reddit.com/' }, { via: 'whatsapp' }, {}].map(
    (b) => JSON.stringify(b),
  );
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
