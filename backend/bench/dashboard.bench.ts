/**
 * `npm run bench:dashboard`: the admin's 30-day dashboard reads at 0.1, 1 and 3 million page views, on the
 * real PostgreSQL (BENCH_DATABASE_URL, else the local server) in a throw-away database.
 *
 * Visits are written set-based in SQL (sessions of 3 page views, the first on the home page, two sessions a
 * visitor, spread over the 60 days before now), then the rollups are brought up to date by the visits
 * projection's own code (updateRollups, 5,000 sessions at a time) as its batches would. At the smallest
 * size every read is also answered from the rows and must be equal. Each read is timed (median of 5, after
 * one warm-up) from the rollups and, for comparison, from the rows (one run). Writes its section of
 * docs/performance.md, and fails unless every read is under 50 ms at the largest size and flat: there
 * within 2× or 5 ms of its figure at the smallest size.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { openBenchDatabase } from './bench-database.js';
import type { Db } from '../src/shared/db/tables.js';
import { addDays, dayIn, previousRange, toRange, type DateRange } from '../src/analytics/metrics/date-range.js';
import {
  appViews,
  cardCounts,
  channels,
  dailySeries,
  entryExitPages,
  sessionsByHour,
  topPages,
  topSources,
  trafficSources,
  utmCampaigns,
} from '../src/analytics/queries/dashboard-reads.js';

import { fill, PAGES_PER_SESSION, ROLLUP_CHUNK, rollUp } from './fill-visits.js';

const SIZES = (process.env.BENCH_PAGE_VIEWS ?? '100000,1000000,3000000').split(',').map(Number);
const RUNS = 5;
const TARGET_MS = 50;
/** Flat within noise: at the largest size, within this factor of the smallest size's figure or this many ms of it. */
const FLAT_FACTOR = 2;
const FLAT_MS = 5;
const TIME_ZONE = 'Europe/Berlin';

async function once(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

type Reads = Record<string, (db: Db, range: DateRange) => Promise<unknown>>;

/** The engagement query's reads (its quiz count and app labels are other modules' small tables). */
const engagement = (rollups: boolean) => (db: Db, range: DateRange) =>
  Promise.all([
    cardCounts(db, range, rollups),
    cardCounts(db, previousRange(range), rollups),
    sessionsByHour(db, range, rollups),
    topSources(db, range, rollups),
    appViews(db, range, rollups),
    topPages(db, range, rollups),
    entryExitPages(db, range, rollups),
    channels(db, range, rollups),
  ]);

const reads = (rollup: boolean): Reads => ({
  'daily series': (db, range) => dailySeries(db, range, rollup),
  engagement: engagement(rollup),
  'traffic sources': (db, range) => trafficSources(db, range, rollup),
  'UTM campaigns': (db, range) => utmCampaigns(db, range, rollup),
});

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

interface Result {
  pageViews: number;
  sessions: number;
  fillS: number;
  rollupS: number;
  rollups: Record<string, number>;
  rows: Record<string, number>;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** The verdict on the largest size: the slowest read, and the reads that grew with the data. */
function verdict(results: Result[]): { worst: number; grew: string[]; met: boolean } {
  const [smallest, largest] = [results[0]!, results.at(-1)!];
  const worst = Math.max(...Object.values(largest.rollups));
  const grew = Object.entries(largest.rollups)
    .filter(([read, ms]) => {
      const small = smallest.rollups[read]!;
      return ms > small * FLAT_FACTOR && ms - small > FLAT_MS;
    })
    .map(([read]) => read);
  return { worst, grew, met: worst < TARGET_MS && grew.length === 0 };
}

function report(range: DateRange, results: Result[], loadAtStart: string): string {
  const names = Object.keys(results[0]!.rollups);
  const [smallest, largest] = [results[0]!, results.at(-1)!];
  const { worst, grew, met } = verdict(results);
  const rate = (r: Result) => Math.round((r.sessions - (results[results.indexOf(r) - 1]?.sessions ?? 0)) / r.rollupS).toLocaleString('en');
  return `<!-- dashboard -->
## Dashboard reads (backend/bench/dashboard.bench.ts)
\`npm run bench:dashboard\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown'}, ${Math.round(totalmem() / 2 ** 30)} GiB,
Node.js ${process.version}, PostgreSQL on the same cores. Load average (1 / 5 / 15 min) at the start: ${loadAtStart}, at the end:
${load()} (on ${cpus().length} cores: above ${cpus().length}, other work was competing for the cores and every figure is depressed by it).

The admin's 30-day reads (${range.from} to ${range.to} in ${range.timeZone}), in ms: the median of ${RUNS} runs (after one
warm-up) from the rollups, and in brackets one run from the visits rows alone, as the dashboard read them
before the rollups. Visits are written set-based in SQL (sessions of ${PAGES_PER_SESSION} page views, two sessions a visitor,
spread over the 60 days before the run), then rolled up by the projection's own code (\`updateRollups\`,
${ROLLUP_CHUNK.toLocaleString('en')} sessions a transaction); at the smallest size every read answered the same both ways.
"Engagement" is the engagement query's reads (both ranges' cards, hours, sources, app views, top, entry and exit pages, channels).

| page views | sessions | ${names.join(' | ')} | rolled up |
|---|---|${names.map(() => '---|').join('')}---|
${results
  .map(
    (r) =>
      `| ${r.pageViews.toLocaleString('en')} | ${r.sessions.toLocaleString('en')} | ${names
        .map((name) => `${r.rollups[name]!.toFixed(1)} (${Math.round(r.rows[name]!).toLocaleString('en')})`)
        .join(' | ')} | ${rate(r)} sessions/s |`,
  )
  .join('\n')}

Target: every read under ${TARGET_MS} ms at ${largest.pageViews.toLocaleString('en')} page views, and flat within noise (within ${FLAT_FACTOR}× or
${FLAT_MS} ms of its figure at ${smallest.pageViews.toLocaleString('en')}): slowest ${worst.toFixed(1)} ms, ${grew.length === 0 ? 'none grew' : `grew: ${grew.join(', ')}`}; ${met ? 'met' : 'missed'}.
<!-- /dashboard -->
`;
}

/** Replaces the dashboard section of docs/performance.md (placed before "Why it is built this way" the first time). */
function writeSection(section: string): void {
  const file = join(PROJECT_ROOT, 'docs', 'performance.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- dashboard -->[\s\S]*<!-- \/dashboard -->\n/;
  const next = marked.test(current)
    ? current.replace(marked, () => section)
    : current.replace('## Why it is built this way', () => `${section}\n## Why it is built this way`);
  writeFileSync(file, next);
  console.log('Wrote the dashboard section of docs/performance.md');
}

const loadAtStart = load();
const { db, drop } = await openBenchDatabase('unsheet_bench_dashboard');

try {
  const today = dayIn(new Date(), TIME_ZONE);
  const range = toRange(addDays(today, -29), today, TIME_ZONE);
  const results: Result[] = [];
  let sessions = 0;
  for (const size of SIZES) {
    const target = Math.round(size / PAGES_PER_SESSION);
    const filling = performance.now();
    await fill(db, sessions, target);
    const fillS = (performance.now() - filling) / 1000;
    const rolling = performance.now();
    await rollUp(db, sessions, target);
    const rollupS = (performance.now() - rolling) / 1000;
    sessions = target;
    await sql`vacuum analyze`.execute(db);
    if (size === SIZES[0]) {
      for (const [read, work] of Object.entries(reads(true))) {
        const [a, b] = [await work(db, range), await reads(false)[read]!(db, range)];
        if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${read}: the rollups answer differently from the rows`);
      }
    }
    // The rows' reads take seconds at the larger sizes: one run each, for comparison.
    const timed = async (rollup: boolean) => {
      const times: Record<string, number> = {};
      for (const [read, work] of Object.entries(reads(rollup)))
        times[read] = rollup ? await median(() => work(db, range)) : await once(() => work(db, range));
      return times;
    };
    results.push({ pageViews: size, sessions: target, fillS, rollupS, rollups: await timed(true), rows: await timed(false) });
    const last = results.at(-1)!;
    console.log(
      `${size.toLocaleString('en')} page views (${target.toLocaleString('en')} sessions): filled in ${fillS.toFixed(0)} s, rolled up in ${rollupS.toFixed(0)} s`,
    );
    for (const read of Object.keys(last.rollups)) {
      console.log(`  ${read}: rollups ${last.rollups[read]!.toFixed(1)} ms, rows ${last.rows[read]!.toFixed(1)} ms`);
    }
  }
  const section = report(range, results, loadAtStart);
  console.log(`\n${section}`);
  writeSection(section);
  if (!verdict(results).met) process.exitCode = 1;
} finally {
  await drop();
}
