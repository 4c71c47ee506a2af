/**
 * `npm run bench:demand-attack [-- --postgres] [-- --sessions=N] [-- --searches=N]`: what 1,000 near-identical
 * searches ("invoice reconciliation quarterly vendor payments <n in base 36>", from 20 sessions unless told)
 * cost the demand projection in one projector batch (or more, in batches of 1,000), in embedded mode (PGlite
 * in this process, in a throw-away data folder) or on the real PostgreSQL (BENCH_DATABASE_URL, else the local
 * server). Prints the rows kept, the batches' times, the longest the process stopped answering meanwhile (PGlite runs in this thread, so a long
 * statement stops everything else) and the Demand tab's read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openBenchDatabase } from './bench-database.js';
import type { RecordedEvent } from '../src/shared/event-store/events.js';
import { openDatabase } from '../src/shared/db/database.js';
import type { Db } from '../src/shared/db/tables.js';
import { demandProjection } from '../src/analytics/demand/demand.projection.js';
import { readDemand } from '../src/analytics/demand/read-demand.js';
import { toRange } from '../src/analytics/metrics/date-range.js';
import { nearIdenticalSearches } from '../src/analytics/testing/near-identical-searches.js';

const BATCH = 1000;
const DAY = '2026-03-10';
const postgres = process.argv.includes('--postgres');
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const sessions = option('sessions', 20);
/** More than one batch's worth: the cluster keeps growing, batch after batch (`--searches=20000`). */
const SEARCHES = option('searches', BATCH);

/** The searches as the projector hands them over, in log order. */
function attack(): RecordedEvent[] {
  return nearIdenticalSearches(SEARCHES, sessions, DAY).map(
    (event, n) =>
      ({
        ...event,
        metadata: {},
        globalPosition: n + 1,
        streamId: `visit-${event.data.sessionId}`,
        streamVersion: null,
        transactionId: String(n + 1),
      }) as unknown as RecordedEvent,
  );
}

async function open(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (postgres) {
    const { db, drop } = await openBenchDatabase('unsheet_bench_demand_attack');
    return { db, close: drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'unsheet-demand-attack-'));
  const handle = await openDatabase({ dataDir: dir });
  return {
    db: handle.db,
    async close() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const { db, close } = await open();
try {
  // The longest gap between ticks of a 10 ms timer (or since the last tick, at the end): how long the process
  // could not answer anything.
  let stalled = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    stalled = Math.max(stalled, now - last - 10);
    last = now;
  }, 10);
  const log = attack();
  const batchMs: number[] = [];
  for (let i = 0; i < log.length; i += BATCH) {
    const started = performance.now();
    await db.transaction().execute((trx) => demandProjection.handle(trx, log.slice(i, i + BATCH) as never, { partition: 0 }));
    batchMs.push(performance.now() - started);
  }
  const batchStalled = Math.max(stalled, performance.now() - last - 10);
  const readStarted = performance.now();
  const report = await readDemand(db, toRange(DAY, DAY), []);
  const readMs = performance.now() - readStarted;
  stalled = Math.max(stalled, performance.now() - last - 10);
  clearInterval(ticker);
  const counts = (
    await sql<{ searches: number; cores: number; indexed: number; pairs: number }>`
      select (select count(*) from demand_searches)::int as searches, (select count(*) from demand_cores)::int as cores,
             (select count(*) from demand_cores where indexed)::int as indexed,
             (select count(*) from demand_similar)::int as pairs`.execute(db)
  ).rows[0]!;
  console.log(
    [
      `Demand projection, ${SEARCHES} near-identical searches from ${sessions} session(s) in batches of ${BATCH}, ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      `  kept ${counts.searches} searches, ${counts.cores} cores (${counts.indexed} indexed), ${counts.pairs} similar pairs`,
      `  batches: first ${batchMs[0]!.toFixed(0)} ms, last ${batchMs.at(-1)!.toFixed(0)} ms, slowest ${Math.max(...batchMs).toFixed(0)} ms; Demand read ${readMs.toFixed(0)} ms (${report.needs.length} need(s)); longest stall ${batchStalled.toFixed(0)} ms in the batches, ${stalled.toFixed(0)} ms in all`,
    ].join('\n'),
  );
} finally {
  await close();
}
