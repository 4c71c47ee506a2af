/**
 * `npm run bench:visits`: the visits projection catching up over a log of tracker visits (50 events each, as
 * the HTTP benchmark's ingest sends them) on the real PostgreSQL, in a throw-away database, split into
 * different numbers of partitions: events/s, and the CPU each event costs in this process and in the
 * PostgreSQL backends of the database (from /proc, so the figures hold on a machine other work shares).
 * Prints its figures; writes nothing.
 *   BENCH_VISITS=1000                how many visits (50 events each) the log holds
 *   BENCH_RUNS=1:1000,4:1000         partitions:batch size of each run, in order
 *   BENCH_STATEMENTS=1               also the time spent in each statement (the 12 slowest)
 */
import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { parseUserAgent, toVisitEvent } from '../src/analytics/collect/enrich.js';
import { visitsProjection } from '../src/analytics/projections/visits.projection.js';
import { BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import type { Db } from '../src/shared/db/tables.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { createTestDatabase } from '../src/shared/testing/test-database.js';
import { visitBatch } from './http/ingest.js';
import { fmt } from './http/load.js';

const VISITS = Number(process.env.BENCH_VISITS ?? 1000);
const RUNS = (process.env.BENCH_RUNS ?? '1:1000,4:1000').split(',').map((run) => run.split(':').map(Number) as [number, number]);
const CLOCK_TICKS_PER_SECOND = 100;

const testDb = await createTestDatabase();
const statements = new Map<string, { n: number; ms: number }>();
const db: Db = process.env.BENCH_STATEMENTS
  ? (new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: testDb.url, max: 10 }) }),
      log(event) {
        if (event.level !== 'query') return;
        const key = event.query.sql.replace(/\s+/g, ' ').trim().slice(0, 70);
        const seen = statements.get(key) ?? { n: 0, ms: 0 };
        seen.n += 1;
        seen.ms += event.queryDurationMillis;
        statements.set(key, seen);
      },
    }) as Db)
  : testDb.handle.db;
const databaseName = new URL(testDb.url).pathname.slice(1);

try {
  const store = new EventStore(db);
  const context = { userAgent: parseUserAgent(BROWSER_UA), ipHash: '0'.repeat(32), receivedAt: new Date() };
  for (let i = 0; i < VISITS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, VISITS - i) }, () => store.appendUnversioned(visitBatch().map((e) => toVisitEvent(e, context)))),
    );
  }
  console.log(`${fmt(VISITS * 50)} events in the log; load average ${loadavg()}`);
  for (const [partitions, batchSize] of RUNS) {
    const projection = { ...visitsProjection, partitions };
    const runner = new ProjectionRunner(db, [projection], { batchSize });
    for (const table of projection.tables) await sql`truncate ${sql.table(table)}`.execute(db);
    await sql`delete from projection_checkpoints`.execute(db);
    await sql`vacuum analyze`.execute(db);
    statements.clear();
    const before = new Map((await backends()).map((pid) => [pid, cpuTicks(pid)]));
    const cpu = process.cpuUsage();
    const started = performance.now();
    const applied = await runner.catchUp(projection.name);
    const seconds = (performance.now() - started) / 1000;
    const node = process.cpuUsage(cpu);
    let ticks = 0;
    for (const pid of await backends()) ticks += cpuTicks(pid) - (before.get(pid) ?? 0);
    const perEvent = (microseconds: number) => (microseconds / applied).toFixed(0);
    console.log(
      `${partitions} partition${partitions === 1 ? '' : 's'}, batch size ${batchSize}: ${fmt(applied)} events in ${seconds.toFixed(1)} s, ` +
        `${fmt(applied / seconds)} events/s; CPU per event: PostgreSQL ${perEvent((ticks * 1e6) / CLOCK_TICKS_PER_SECOND)} µs, ` +
        `this process ${perEvent(node.user + node.system)} µs; load average ${loadavg()}`,
    );
    for (const [statement, { n, ms }] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
      console.log(`  ${fmt(ms)} ms in ${n}: ${statement}`);
  }
} finally {
  if (db !== testDb.handle.db) await db.destroy();
  await testDb.drop();
}

/** The PostgreSQL backends connected to the benchmark's database. */
async function backends(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${databaseName}`.execute(testDb.handle.db);
  return rows.map((row) => row.pid);
}

/** User and system CPU of a process so far, in clock ticks (0 once it has gone). */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function loadavg(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
}
