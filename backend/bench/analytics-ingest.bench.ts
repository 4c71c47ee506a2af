/**
 * Analytics ingest through the real HTTP endpoint (`npm run bench`, after the event-store benchmark): the
 * built server (backend/dist) on the real PostgreSQL and Redis as production runs it: an API process with
 * RUN_WORKERS=false and a separate worker process (docker-compose.yml), a throw-away database.
 *   1. Saturation: autocannon, batches of 50 tracker events, 10 connections → events/s, p50/p99 latency;
 *      against a bare multi-row INSERT of the same rows (50 a statement, 10 at a time) on the same database.
 *   2. The target rate (5,000 events/s, 100 batches/s) → latency, and projection lag: probe sessions sent
 *      every 100 ms, timed from the request until the session is in user_sessions (what the metrics read).
 * Writes its section of docs/performance.md (between the analytics-ingest markers).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { TrackerEvent } from '../src/analytics/collect/collect.schema.js';
import { parseUserAgent, toVisitEvent } from '../src/analytics/collect/enrich.js';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { startServerProcess } from '../src/shared/testing/server-process.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BATCH = 50;
const CONNECTIONS = 10;
const SATURATION_SECONDS = 15;
const TARGET_EVENTS_PER_SECOND = 5000;
const TARGET_SECONDS = 20;
const PROBE_EVERY_MS = 100;

const name = `unsheet_bench_ingest_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const prefix = `unsheet-bench-${Date.now().toString(36)}`;
const env = {
  DATABASE_URL: url.toString(),
  REDIS_URL,
  REDIS_PREFIX: prefix,
  NODE_ENV: 'production',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  DEMO_CATALOGUE: 'false',
  LOG_LEVEL: 'warn',
  // All the load comes from one address.
  RATE_LIMIT_FACTOR: '100000',
};
const server = await startServerProcess({ ...env, RUN_WORKERS: 'false' });
// The projection workers in a process of their own, as in production: the API's event loop only ingests.
const worker = spawn(process.execPath, [join(PROJECT_ROOT, 'backend/dist/backend/src/worker.js')], {
  cwd: PROJECT_ROOT,
  env: { PATH: process.env.PATH ?? '', ...env },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const db = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS + 2 });

try {
  // A pool of distinct batches (a visit's worth of events each), made before the clock starts.
  const bodies = Array.from({ length: 4000 }, () => JSON.stringify({ events: visitBatch() }));
  const collect = `${server.url}/api/analytics/collect`;
  const headers = { 'content-type': 'application/json', 'user-agent': BROWSER_UA };
  await post(collect, headers, bodies[0]!); // warm up

  const saturation = await load(collect, headers, bodies, { duration: SATURATION_SECONDS });
  const bare = await bareInsertRate(db, SATURATION_SECONDS / 3);

  const probes: number[] = [];
  const probing = probeLag(collect, headers, probes);
  const target = await load(collect, headers, bodies, { duration: TARGET_SECONDS, overallRate: TARGET_EVENTS_PER_SECOND / BATCH });
  await probing.stop();

  const figures = {
    saturation,
    target,
    bare,
    ratio: saturation.eventsPerSecond / bare,
    lagP50: percentile(probes, 50),
    lagP99: percentile(probes, 99),
    lagMax: Math.max(...probes),
    probes: probes.length,
  };
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`HTTP ingest, saturation (${CONNECTIONS} connections, batches of ${BATCH}): ${fmt(saturation.eventsPerSecond)} events/s, p50 ${saturation.p50} ms, p99 ${saturation.p99} ms, ${saturation.errors} errors`);
  console.log(`Bare multi-row INSERT of the same rows:                 ${fmt(bare)} rows/s; ratio ${figures.ratio.toFixed(2)}`);
  console.log(`HTTP ingest at ${fmt(TARGET_EVENTS_PER_SECOND)} events/s: achieved ${fmt(target.eventsPerSecond)} events/s, p50 ${target.p50} ms, p99 ${target.p99} ms (target < 50) ${target.p99 < 50 ? 'PASS' : 'MISS'}`);
  console.log(`Projection lag under that load: p50 ${figures.lagP50} ms, p99 ${figures.lagP99} ms (target < 2000) ${figures.lagP99 < 2000 ? 'PASS' : 'MISS'}, max ${figures.lagMax} ms over ${figures.probes} probes`);
  writeSection(figures);
} finally {
  await db.end();
  await server.stop();
  worker.kill('SIGTERM');
  await new Promise((resolve) => worker.once('exit', resolve));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** One visit as the tracker batches it: start, page views with their times, interactions, end (50 events). */
function visitBatch(): TrackerEvent[] {
  const sessionId = randomUUID();
  const events: TrackerEvent[] = [sessionStart({ sessionId, url: 'https://unsheet.app/?utm_source=newsletter', parsedReferrer: 'google', trafficType: 'search' })];
  while (events.length < BATCH - 1) {
    const pageViewId = randomUUID();
    events.push(pageView({ sessionId, pageViewId, url: `https://unsheet.app/app/tool-${events.length % 17}`, title: 'Invoice Chaser — Unsheet', potentialKeywords: ['invoice', 'reminders'] }));
    events.push(pageTime({ sessionId, pageViewId, seconds: events.length }));
    if (events.length < BATCH - 1) events.push(interaction({ sessionId, appId: randomUUID(), action: 'view', metadata: { position: events.length } }));
  }
  events.push(sessionEnd({ sessionId, timeOnSite: 300, pagesViewed: 16 }));
  return events.slice(0, BATCH);
}

interface LoadResult {
  eventsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(path: string, headers: Record<string, string>, bodies: string[], options: { duration: number; overallRate?: number }): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: path,
    connections: CONNECTIONS,
    duration: options.duration,
    overallRate: options.overallRate,
    requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
  const accepted = result['2xx'];
  return {
    eventsPerSecond: (accepted * BATCH) / options.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The same rows the endpoint appends, inserted with plain multi-row INSERTs, CONNECTIONS at a time. */
async function bareInsertRate(pool: pg.Pool, seconds: number): Promise<number> {
  await pool.query(`create table bare_events (id bigint generated always as identity primary key, stream_id text not null,
    type text not null, data jsonb not null, metadata jsonb not null)`);
  const context = { userAgent: parseUserAgent(BROWSER_UA), ipHash: '0'.repeat(32), receivedAt: new Date() };
  const batches = Array.from({ length: 400 }, () => visitBatch().map((event) => toVisitEvent(event, context)));
  const statement = `insert into bare_events (stream_id, type, data, metadata) values ${Array.from(
    { length: BATCH },
    (_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`,
  ).join(', ')}`;
  let rows = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += CONNECTIONS) {
        const batch = batches[i % batches.length]!;
        await pool.query(statement, batch.flatMap((e) => [e.streamId, e.type, JSON.stringify(e.data), '{}']));
        rows += batch.length;
      }
    }),
  );
  return rows / ((performance.now() - started) / 1000);
}

/** Sends a probe session every PROBE_EVERY_MS and records, for each, the ms until it is in user_sessions. */
function probeLag(path: string, headers: Record<string, string>, lags: number[]) {
  const pending = new Map<string, number>();
  let stopped = false;
  const sender = setInterval(() => {
    const sessionId = randomUUID();
    pending.set(sessionId, performance.now());
    void post(path, headers, JSON.stringify({ events: [sessionStart({ sessionId })] }));
  }, PROBE_EVERY_MS);
  const watcher = (async () => {
    while (!stopped || pending.size > 0) {
      const ids = [...pending.keys()];
      if (ids.length > 0) {
        const { rows } = await db.query<{ session_id: string }>('select session_id from user_sessions where session_id = any($1::uuid[])', [ids]);
        const now = performance.now();
        for (const { session_id } of rows) {
          lags.push(Math.round(now - pending.get(session_id)!));
          pending.delete(session_id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      clearInterval(sender);
      stopped = true;
      await Promise.race([watcher, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (pending.size > 0) throw new Error(`${pending.size} probe sessions never became visible`);
    },
  };
}

async function post(path: string, headers: Record<string, string>, body: string): Promise<void> {
  const response = await fetch(path, { method: 'POST', headers, body });
  if (response.status !== 202) throw new Error(`collect answered ${response.status}: ${await response.text()}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function writeSection(f: {
  saturation: LoadResult;
  target: LoadResult;
  bare: number;
  ratio: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
  probes: number;
}): void {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const section = `<!-- analytics-ingest -->
## Analytics ingest over HTTP (backend/bench/analytics-ingest.bench.ts)
The built server (\`backend/dist\`) on PostgreSQL and Redis, an API process (\`RUN_WORKERS=false\`) and a worker process as in production, autocannon
on the same 2 cores; every request is \`POST /api/analytics/collect\` with a batch of ${BATCH} distinct tracker events
(a visit: session start, page views and times, interactions, session end), validated, enriched and appended
in one INSERT. Load average when the run ended: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on
2 cores shared with other processes: above 2, every figure here is depressed by them.

| run | events/s | p50 | p99 | errors |
|---|---|---|---|---|
| saturation, ${CONNECTIONS} connections, ${SATURATION_SECONDS} s | ${fmt(f.saturation.eventsPerSecond)} | ${f.saturation.p50} ms | ${f.saturation.p99} ms | ${f.saturation.errors} |
| fixed rate ${fmt(TARGET_EVENTS_PER_SECOND)} events/s (${TARGET_EVENTS_PER_SECOND / BATCH} batches/s), ${TARGET_SECONDS} s | ${fmt(f.target.eventsPerSecond)} | ${f.target.p50} ms | ${f.target.p99} ms | ${f.target.errors} |

- Bare multi-row INSERT of the same rows (${BATCH} a statement, ${CONNECTIONS} at a time, no HTTP): ${fmt(f.bare)} rows/s;
  **HTTP ingest / bare INSERT = ${f.ratio.toFixed(2)}**.
- Targets: ≥ 5,000 events/s with p99 < 50 ms: **${f.saturation.eventsPerSecond >= 5000 && f.target.p99 < 50 ? 'met' : 'missed'}**.
- Projection lag at ${fmt(TARGET_EVENTS_PER_SECOND)} events/s (a probe session every ${PROBE_EVERY_MS} ms, from its request until it is in
  \`user_sessions\`, which the metrics read): p50 ${f.lagP50} ms, **p99 ${f.lagP99} ms** (target < 2,000 ms: ${f.lagP99 < 2000 ? 'met' : 'missed'}), max ${f.lagMax} ms over ${f.probes} probes.
<!-- /analytics-ingest -->
`;
  const file = join(PROJECT_ROOT, 'docs', 'performance.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- analytics-ingest -->[\s\S]*<!-- \/analytics-ingest -->\n/;
  const next = marked.test(current) ? current.replace(marked, section) : current.replace('## What profiling changed', `${section}\n## What profiling changed`);
  writeFileSync(file, next);
  console.log('Wrote the analytics section of docs/performance.md');
}
