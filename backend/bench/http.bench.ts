/**
 * The HTTP benchmark (`npm run bench`, after the event-store benchmark): the scenarios of load-tests/ driven
 * by autocannon (and, for the waitlist bursts, node:http) against the built server (backend/dist) on the real
 * PostgreSQL and Redis, as production runs it: an API process (RUN_WORKERS=false) and a worker process at
 * WORKER_NICE=10, a fresh database and Redis prefix.
 * Catalogue reads (the mix, then each read against a bare Fastify process serving the same bytes from memory),
 * analytics ingest (with the projection lag and the bare-INSERT ratio), waitlist joins in
 * bursts of 200 (positions checked afterwards), referral clicks, the admin dashboard's reads.
 * Prints the figures and writes its section of docs/performance.md.
 *   BENCH_ONLY=catalogue,reads,ingest,waitlist,admin   run some scenarios only (the report is not written);
 *                                                ingest-alone: only the collect endpoint alone against the bare INSERT
 *   BENCH_READ_SECONDS=n                         seconds of each measurement of the reads against the reference (5)
 *   BENCH_CPU_PROF=1                             the API and worker write CPU profiles into .profiles/
 *                                                (with BENCH_API_PROCESSES above 1 the API processes
 *                                                write their profiles under one file name)
 *   BENCH_API_PROCESSES=n, BENCH_WORKER_NICE=n    other process settings
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../src/shared/config/config.js';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { PROJECTIONS_QUEUE } from '../src/shared/queue/projection-wakeup.js';
import { startServerProcess, startWorkerProcess, waitForQueueWorkers } from '../src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  projectionsCaughtUp,
  TEST_REDIS_URL,
  uniqueName,
} from '../src/shared/testing/test-database.js';
import { buildProjections } from '../src/projections.js';
import { ADMIN, adminReads } from './http/admin.js';
import { CATALOGUE, catalogueReads } from './http/catalogue.js';
import { CLICKS, referralClicks, WAITLIST, waitlistJoins, type WaitlistFigures } from './http/early-access.js';
import { analyticsIngest, endpointAlone, INGEST, type IngestFigures } from './http/ingest.js';
import { fmt, type LoadResult } from './http/load.js';
import { READS, readsAgainstReference, type ReadFigures } from './http/reads.js';

const TARGETS = {
  catalogueRps: 3000,
  catalogueP99: 30,
  ingestEventsPerSecond: 5000,
  ingestP99: 50,
  joinP99: 100,
  lagP99: 2000,
  ingestRatio: 0.5,
  readRatio: 0.8,
};

const only = process.env.BENCH_ONLY?.split(',');
const runs = (name: string) => !only || only.includes(name);
const nodeArgs = (name: string) =>
  process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', join(PROJECT_ROOT, '.profiles'), '--cpu-prof-name', `${name}.cpuprofile`]
    : [];

const database = await createTestDatabase();
const prefix = uniqueName('unsheet-bench');
// E-mails (welcome messages of the joins) go to .eml files there, as without SMTP_URL in production.
const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-bench-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: prefix,
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'http://localhost:3000',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  DEMO_CATALOGUE: 'false',
  LOG_LEVEL: 'warn',
  // All the load comes from one address.
  RATE_LIMIT_FACTOR: '100000',
};
// One API process: on two cores shared with PostgreSQL, the worker and the load generator, a second one made
// each join cost more CPU than it saved (docs/performance.md). Give more cores, then more processes.
const API_PROCESSES = process.env.BENCH_API_PROCESSES ?? '1';
// The worker shares the cores with the API: at a lower priority, as docs/scaling.md advises.
const WORKER_NICE = process.env.BENCH_WORKER_NICE ?? '10';
const loadAtStart = loadavg();
const server = await startServerProcess({ ...env, RUN_WORKERS: 'false', DEMO_CATALOGUE: 'true', API_PROCESSES }, 60_000, {
  nodeArgs: nodeArgs('api'),
});
// The projection and e-mail workers in a process of their own, as in production: the API's event loop only serves.
const startWorker = () => startWorkerProcess({ ...env, WORKER_NICE }, 60_000, { nodeArgs: nodeArgs('worker') });
let worker = await startWorker();
const startApiWithoutFlowControl = () =>
  startServerProcess(
    {
      ...env,
      RUN_WORKERS: 'false',
      DEMO_CATALOGUE: 'false',
      ANALYTICS_MAX_LAG_MS: '0',
      ...(process.env.BENCH_LEAN_COLLECT && { BENCH_LEAN_COLLECT: '1' }),
    },
    60_000,
    {
      nodeArgs: nodeArgs('api-alone'),
    },
  );
const pool = new pg.Pool({ connectionString: database.url, max: INGEST.connections + 2 });

try {
  // Nothing is measured while the worker is still starting (seconds of CPU on the same cores).
  await waitForQueueWorkers(TEST_REDIS_URL, prefix, PROJECTIONS_QUEUE, 1);
  const catalogue = runs('catalogue') ? await catalogueReads(server.url) : undefined;
  if (catalogue)
    print(
      'Catalogue reads',
      catalogue,
      CATALOGUE.connections,
      catalogue.rps >= TARGETS.catalogueRps && catalogue.p99 < TARGETS.catalogueP99,
    );

  const reads = runs('reads') ? await readsAgainstReference(server.url) : undefined;
  if (reads) {
    console.log(`Reads against a bare Fastify process serving the same bytes (${READS.connections} connections, ${READS.seconds} s each):`);
    for (const read of reads)
      console.log(
        `  ${read.name}: ${fmt(read.real.rps)} req/s (p99 ${read.real.p99} ms) against ${fmt(read.reference.rps)} (p99 ${read.reference.p99} ms) = ${read.ratio.toFixed(2)}, errors ${read.real.errors}/${read.reference.errors} ${verdict(read.ratio >= TARGETS.readRatio)}`,
      );
  }

  const ingest = runs('ingest')
    ? await analyticsIngest(server.url, pool, database.handle.db, {
        stopWorker: () => worker.stop().then(() => undefined),
        startWorker: async () => {
          worker = await startWorker();
          await waitForQueueWorkers(TEST_REDIS_URL, prefix, PROJECTIONS_QUEUE, 1);
        },
        startApiWithoutFlowControl,
      })
    : undefined;
  if (ingest) {
    const { saturation, target, lag, saturationLag, backlog } = ingest;
    console.log(
      `Analytics ingest, saturation: ${fmt(saturation.eventsPerSecond)} events/s (${fmt(saturation.rps)} batches/s), p50 ${saturation.p50} ms, p99 ${saturation.p99} ms, ${saturation.errors} errors`,
    );
    console.log(
      `  projection lag during it (every ${INGEST.lagSampleEveryMs} ms): p50 ${saturationLag.p50} ms, p99 ${saturationLag.p99} ms, max ${saturationLag.max} ms over ${saturationLag.samples} samples ${verdict(saturationLag.p99 < TARGETS.lagP99)}`,
    );
    console.log(`  backlog when the traffic stopped: ${fmt(backlog.events)} events, caught up ${fmt(backlog.catchUpMs)} ms later`);
    console.log(`  CPU per event during it: ${ingest.cpuPerEvent}`);
    console.log(
      `  the endpoint alone (worker stopped): ${fmt(ingest.alone.eventsPerSecond)} events/s, p99 ${ingest.alone.p99} ms; bare multi-row INSERT of the same rows: ${fmt(ingest.bare)} rows/s; endpoint / bare = ${ingest.ratio.toFixed(2)} ${verdict(ingest.ratio >= TARGETS.ingestRatio)}`,
    );
    console.log(`  CPU per event of the endpoint alone: ${ingest.aloneCpuPerEvent}`);
    console.log(
      `  at ${fmt(INGEST.targetEventsPerSecond)} events/s: achieved ${fmt(target.eventsPerSecond)}, p50 ${target.p50} ms, p99 ${target.p99} ms ${verdict(ingestMet(ingest))}`,
    );
    console.log(
      `  probe sessions visible after: p50 ${lag.p50} ms, p99 ${lag.p99} ms, max ${lag.max} ms over ${lag.probes} probes ${verdict(lag.p99 < TARGETS.lagP99)}`,
    );
  }

  if (only?.includes('ingest-alone')) {
    await worker.stop();
    const { alone, aloneCpuPerEvent, bare } = await endpointAlone(pool, { startApiWithoutFlowControl });
    console.log(
      `Analytics ingest alone (worker stopped): ${fmt(alone.eventsPerSecond)} events/s, p99 ${alone.p99} ms, ${alone.errors} errors; bare multi-row INSERT: ${fmt(bare)} rows/s; endpoint / bare = ${(alone.eventsPerSecond / bare).toFixed(2)}`,
    );
    console.log(`  CPU per event: ${aloneCpuPerEvent}`);
    worker = await startWorker();
  }

  const projections = buildProjections(loadConfig(env));
  const waitlist = runs('waitlist')
    ? await waitlistJoins(server.url, pool, {
        workerIdle: async () =>
          (await pool.query(`select 1 from email_outbox where status = 'pending' limit 1`)).rowCount === 0 &&
          (await projectionsCaughtUp(database.handle.db, projections)),
        stopWorker: () => worker.stop().then(() => undefined),
      })
    : undefined;
  if (waitlist) {
    // Back for the scenarios after it (clicks are projected; the dashboard reads projections).
    worker = await startWorker();
    await waitForQueueWorkers(TEST_REDIS_URL, prefix, PROJECTIONS_QUEUE, 1);
    print(`Waitlist joins, ${WAITLIST.bursts} bursts`, waitlist.bursts, WAITLIST.burst, waitlistMet(waitlist));
    print('Waitlist joins, sustained', waitlist.sustained, WAITLIST.burst);
    if (waitlist.burstsWithoutWorker)
      print(`Waitlist joins, ${WAITLIST.bursts} bursts, worker stopped`, waitlist.burstsWithoutWorker, WAITLIST.burst);
    console.log(`  ${fmt(waitlist.joins)} joins; positions unique: ${waitlist.positionsUnique}, gap-free: ${waitlist.positionsGapFree}`);
    if (waitlist.burstCpuPerJoin) console.log(`  CPU per join during the bursts: ${waitlist.burstCpuPerJoin}`);
    console.log(
      `  the worker caught up with the warm-up's ${fmt(WAITLIST.warmUpBursts * WAITLIST.burst)} joins (projections, welcome e-mails) ${waitlist.workerCatchUpSeconds.toFixed(1)} s after its last answer`,
    );
  }
  const clicks = waitlist ? await referralClicks(server.url, waitlist.codes) : undefined;
  if (clicks) print('Referral clicks', clicks, CLICKS.connections);

  const admin = runs('admin') ? await adminReads(server.url, database.handle.db, loadConfig(env)) : undefined;
  if (admin) print('Admin dashboard reads', admin, ADMIN.connections);

  const loadAtEnd = loadavg();
  if (!only)
    writeSection(
      { catalogue: catalogue!, reads: reads!, ingest: ingest!, waitlist: waitlist!, clicks: clicks!, admin: admin! },
      await redisVersion(),
      loadAtStart,
      loadAtEnd,
    );
  const failures = [worker.output(), server.output()]
    .join('')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
  if (failures.length > 0) console.log(`Errors logged by the server or worker:\n${failures.slice(0, 5).join('\n')}`);
} finally {
  await pool.end();
  await server.stop();
  await worker.stop();
  await database.drop();
  await clearRedisPrefix(prefix);
  rmSync(dataDir, { recursive: true, force: true });
}

function ingestMet(f: IngestFigures): boolean {
  return f.saturation.eventsPerSecond >= TARGETS.ingestEventsPerSecond && f.target.p99 < TARGETS.ingestP99;
}

function waitlistMet(f: WaitlistFigures): boolean {
  return f.bursts.p99 < TARGETS.joinP99 && f.positionsUnique && f.positionsGapFree && f.bursts.errors === 0 && f.sustained.errors === 0;
}

function verdict(met: boolean): string {
  return met ? 'PASS' : 'MISS';
}

function print(name: string, r: LoadResult, connections: number, met?: boolean): void {
  const target = met === undefined ? '' : ` ${verdict(met)}`;
  console.log(
    `${name} (${connections} connections): ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p99 ${r.p99} ms, max ${r.max} ms, ${r.errors} errors${target}`,
  );
}

async function redisVersion(): Promise<string> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  } finally {
    redis.disconnect();
  }
}

function writeSection(
  f: {
    catalogue: LoadResult;
    reads: ReadFigures[];
    ingest: IngestFigures;
    waitlist: WaitlistFigures;
    clicks: LoadResult;
    admin: LoadResult;
  },
  redis: string,
  loadAtStart: number[],
  loadAtEnd: number[],
): void {
  const row = (name: string, r: LoadResult, connections: number, extra = '') =>
    `| ${name} | ${connections} | ${fmt(r.rps)}${extra} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.max} ms | ${r.errors} |`;
  const { ingest, waitlist } = f;
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const section = `<!-- http -->
## HTTP scenarios (backend/bench/http.bench.ts)
The built server (\`backend/dist\`) on PostgreSQL and Redis ${redis}: ${API_PROCESSES} API process${API_PROCESSES === '1' ? '' : 'es'} (\`API_PROCESSES=${API_PROCESSES}\`,
\`RUN_WORKERS=false\`) and a worker process at \`WORKER_NICE=${WORKER_NICE}\`, as in production, on a fresh database; the load
generator on the same 2 cores. The same scenarios as the k6 scripts in \`load-tests/\`. Load average (1 / 5 / 15 min)
at the start: ${load(loadAtStart)}, at the end: ${load(loadAtEnd)} (the benchmark's own load counts in it: above 2 at the
start means other work was competing for the cores, and every figure here is depressed by it).

| scenario | connections | requests/s | p50 | p90 | p99 | max | errors |
|---|---|---|---|---|---|---|---|
${row(`catalogue reads (JSON reads and the sitemap), ${CATALOGUE.seconds} s`, f.catalogue, CATALOGUE.connections)}
${row(`analytics ingest, saturation, batches of ${INGEST.batch}, ${INGEST.saturationSeconds} s`, ingest.saturation, INGEST.connections, ` (${fmt(ingest.saturation.eventsPerSecond)} events/s)`)}
${row(`analytics ingest at ${fmt(INGEST.targetEventsPerSecond)} events/s, ${INGEST.targetSeconds} s`, ingest.target, INGEST.connections, ` (${fmt(ingest.target.eventsPerSecond)} events/s)`)}
${row(`waitlist joins, ${WAITLIST.bursts} bursts of ${WAITLIST.burst} at once, fresh addresses, ${WAITLIST.referredShare * 100} % referred`, waitlist.bursts, WAITLIST.burst)}
${row(`waitlist joins, sustained (each client joins again when answered), ${WAITLIST.sustainedSeconds} s`, waitlist.sustained, WAITLIST.burst)}
${row(`waitlist joins, ${WAITLIST.bursts} bursts of ${WAITLIST.burst}, the worker process stopped (API and PostgreSQL alone)`, waitlist.burstsWithoutWorker!, WAITLIST.burst)}
${row(`referral clicks, ${CLICKS.seconds} s`, f.clicks, CLICKS.connections)}
${row(`admin dashboard reads (30 days), ${ADMIN.seconds} s`, f.admin, ADMIN.connections)}

| target | measured | |
|---|---|---|
| catalogue reads ≥ ${fmt(TARGETS.catalogueRps)} requests/s, p99 < ${TARGETS.catalogueP99} ms | ${fmt(f.catalogue.rps)} requests/s, p99 ${f.catalogue.p99} ms | ${f.catalogue.rps >= TARGETS.catalogueRps && f.catalogue.p99 < TARGETS.catalogueP99 ? 'met' : '**missed**'} |
| analytics ingest ≥ ${fmt(TARGETS.ingestEventsPerSecond)} events/s in batches of ${INGEST.batch}, p99 < ${TARGETS.ingestP99} ms | ${fmt(ingest.saturation.eventsPerSecond)} events/s at saturation; p99 ${ingest.target.p99} ms at ${fmt(INGEST.targetEventsPerSecond)} events/s | ${ingestMet(ingest) ? 'met' : '**missed**'} |
| projection lag p99 < ${fmt(TARGETS.lagP99)} ms during the ingest at saturation | p50 ${ingest.saturationLag.p50} ms, p99 ${ingest.saturationLag.p99} ms, max ${ingest.saturationLag.max} ms (${ingest.saturationLag.samples} samples); backlog when it stopped ${fmt(ingest.backlog.events)} events, caught up in ${fmt(ingest.backlog.catchUpMs)} ms | ${ingest.saturationLag.p99 < TARGETS.lagP99 ? 'met' : '**missed**'} |
| projection lag p99 < ${fmt(TARGETS.lagP99)} ms at ${fmt(INGEST.targetEventsPerSecond)} events/s | probe sessions visible after p50 ${ingest.lag.p50} ms, p99 ${ingest.lag.p99} ms, max ${ingest.lag.max} ms (${ingest.lag.probes} probes) | ${ingest.lag.p99 < TARGETS.lagP99 ? 'met' : '**missed**'} |
| ingest / bare multi-row INSERT ≥ ${TARGETS.ingestRatio} (each alone) | ${fmt(ingest.alone.eventsPerSecond)} / ${fmt(ingest.bare)} = ${ingest.ratio.toFixed(2)} | ${ingest.ratio >= TARGETS.ingestRatio ? 'met' : '**missed**'} |
| waitlist joins p99 < ${TARGETS.joinP99} ms at ${WAITLIST.burst} concurrent clients, positions unique and gap-free | p99 ${waitlist.bursts.p99} ms over ${WAITLIST.bursts} bursts of ${WAITLIST.burst} (worker stopped: p99 ${waitlist.burstsWithoutWorker!.p99} ms); ${fmt(waitlist.joins)} joins in all; unique: ${waitlist.positionsUnique ? 'yes' : 'NO'}, gap-free: ${waitlist.positionsGapFree ? 'yes' : 'NO'} | ${waitlistMet(waitlist) ? 'met' : '**missed**'} |

- Analytics ingest against a bare multi-row INSERT of the same rows (${INGEST.batch} a statement, ${INGEST.connections} at a time, no HTTP,
  no validation, into a table with only its primary key), each alone (the worker process stopped, nothing projected):
  ${fmt(ingest.alone.eventsPerSecond)} events/s against ${fmt(ingest.bare)} rows/s; **ingest / bare INSERT = ${ingest.ratio.toFixed(2)}**. With the
  projections running on the same cores the ingest saturates at ${fmt(ingest.saturation.eventsPerSecond)} events/s.
- CPU per event during the saturation run, by process (from /proc; the load generator shares the cores): ${ingest.cpuPerEvent};
  of the endpoint alone: ${ingest.aloneCpuPerEvent}.
- Saturation runs with the ingest's flow control on (\`ANALYTICS_MAX_LAG_MS\`, default 1,000): while the visits projection is
  further behind, the API holds each batch of the clients sending most before storing it (the load generator's
  clients share one address, so all of them), so the rate measured is the one the ingest and the projections
  sustain together on these cores.
- Projection lag at saturation: sampled every ${INGEST.lagSampleEveryMs} ms, the age of the oldest event the visits projection has not
  applied (the first after the checkpoint of its partition furthest behind). Backlog: the events after that checkpoint when the
  traffic stopped; caught up: when every partition has passed the newest of them.
- Projection lag at ${fmt(INGEST.targetEventsPerSecond)} events/s: a probe session every ${INGEST.probeEveryMs} ms, timed from its request until it is in
  \`user_sessions\`, which the metrics read.
- Waitlist bursts: after ${WAITLIST.warmUpBursts} bursts of warm-up (not counted) and a wait until the worker has projected them and sent
  their e-mails; measured bursts follow one another with no pause, so the worker's work on them shares the cores.
  The bursts without the worker show what the API and PostgreSQL do with the worker on cores of its own.
  The worker caught up with the warm-up's ${fmt(WAITLIST.warmUpBursts * WAITLIST.burst)} joins (their projections and welcome e-mails, written to
  \`.eml\` files) ${waitlist.workerCatchUpSeconds.toFixed(1)} s after the last answer.
- Waitlist positions: every 201 answer's position collected, then checked unique, and the \`leads\` table checked to hold exactly 1..N.
${waitlist.burstCpuPerJoin ? `- CPU per join during the waitlist bursts, by process (from /proc; the load generator shares the cores): ${waitlist.burstCpuPerJoin}.\n` : ''}
### Reads against a bare Fastify process
Each read on the real server, then on a bare Fastify process of its own (\`backend/bench/http/reference-server.ts\`:
no plugin, no hook) that answers the same URLs with the status, headers and bytes the real server gave for
them, from memory: ${READS.connections} connections, ${READS.seconds} s each, after ${READS.warmUpSeconds} s of warm-up each, the same autocannon settings;
requests without \`Accept-Encoding\`, so neither compresses. Pages are the server-rendered pages as kept by the
server (rendered once, then served with a fresh CSP nonce).

| read | bytes | real server, requests/s (p99) | bare Fastify, requests/s (p99) | real / bare |
|---|---|---|---|---|
${f.reads.map((r) => `| ${r.kind === 'page' ? 'page: ' : ''}${r.name} | ${fmt(r.bytes)} | ${fmt(r.real.rps)} (${r.real.p99} ms) | ${fmt(r.reference.rps)} (${r.reference.p99} ms) | ${r.ratio >= TARGETS.readRatio ? r.ratio.toFixed(2) : `**${r.ratio.toFixed(2)}**`} |`).join('\n')}

Target: every read ≥ ${TARGETS.readRatio} of the bare process; ${
    f.reads.every((r) => r.ratio >= TARGETS.readRatio)
      ? 'met'
      : `**missed** by ${f.reads
          .filter((r) => r.ratio < TARGETS.readRatio)
          .map((r) => r.name)
          .join(', ')}`
  }.
<!-- /http -->
`;
  const file = join(PROJECT_ROOT, 'docs', 'performance.md');
  const current = readFileSync(file, 'utf8');
  // The event-store bench writes the file with this section's markers in place; a function replacer keeps
  // any `$` in the section literal.
  const marked = /<!-- http -->[\s\S]*<!-- \/http -->\n/;
  if (!marked.test(current))
    throw new Error('docs/performance.md has no <!-- http --> section: run backend/bench/event-store.bench.ts first');
  writeFileSync(
    file,
    current.replace(marked, () => section),
  );
  console.log('Wrote the HTTP section of docs/performance.md');
}
