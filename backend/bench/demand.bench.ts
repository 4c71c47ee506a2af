/**
 * `npm run bench:demand`: the Demand tab's grouping over a year of signals, on the real PostgreSQL
 * (BENCH_DATABASE_URL, else the local server) in a throw-away database. 100,000 searches and 5,000
 * suggestions, spread over 365 days and worded the way visitors word things (a few hundred needs, each in
 * several wordings, plurals, filler words, the odd typo), go through the demand projection in batches of
 * 1,000 as the projector would; then the year's unmet needs are read (readNeeds: the SQL aggregate, the
 * similar pairs, union-find) RUNS times. Prints the median and the worst run; the target is < 500 ms.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { openBenchDatabase } from './bench-database.js';
import type { RecordedEvent } from '../src/shared/event-store/events.js';
import { demandProjection } from '../src/analytics/demand/demand.projection.js';
import { readNeeds } from '../src/analytics/demand/read-demand.js';
import { toRange } from '../src/analytics/metrics/date-range.js';

const SEARCHES = 100_000;
const SUGGESTIONS = 5_000;
const BATCH = 1000;
const RUNS = 9;
const TARGET_MS = 500;
const YEAR_START = Date.parse('2026-01-01T00:00:00Z');

const SUBJECTS = (
  'invoice stock staff shift rota booking appointment payroll expense receipt mileage timesheet holiday leave ' +
  'inventory supplier order quote lead customer client review ticket recipe menu allergen delivery route van ' +
  'equipment maintenance cleaning hygiene temperature fridge training onboarding contract policy budget cash ' +
  'vat tax commission tip table reservation class membership student patient pet plant garden event wedding ' +
  'room key tool loan donation volunteer'
).split(' ');
const KINDS = ['tracker', 'planner', 'reminders', 'template', 'log', 'calculator', 'scheduler', 'manager'];
const FRAMES = ['{s} {k}', '{s} {k} tool', '{s} {k} app', 'simple {s} {k}', '{s} {k} for small business', 'free {s} {k}', '{s}s {k}'];

// Deterministic pseudo-random numbers, so every run measures the same data.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** A few needs are asked for far more often than the rest, as in life. */
const skewed = <T>(list: readonly T[]) => list[Math.floor(random() ** 2 * list.length)]!;

function wording(): string {
  let text = pick(FRAMES).replace('{s}', skewed(SUBJECTS)).replace('{k}', skewed(KINDS));
  if (random() < 0.05) {
    const at = 1 + Math.floor(random() * (text.length - 2));
    text = text.slice(0, at) + text.slice(at + 1); // a dropped letter
  }
  return random() < 0.2 ? text[0]!.toUpperCase() + text.slice(1) : text;
}

const dayOf = () => new Date(YEAR_START + Math.floor(random() * 365 * 86_400_000));

function events(): RecordedEvent[] {
  const all: { type: string; data: object; createdAt: Date }[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const at = dayOf();
    const results = random() < 0.6 ? 0 : 1 + Math.floor(random() * 4);
    all.push({
      type: 'AnalyticsSearchPerformed',
      data: {
        sessionId: randomUUID(),
        searchId: randomUUID(),
        at: at.toISOString(),
        query: wording(),
        results,
        opened: results > 0 && random() < 0.5,
      },
      createdAt: at,
    });
  }
  for (let i = 0; i < SUGGESTIONS; i++) {
    all.push({
      type: 'SuggestionSubmitted',
      data: {
        suggestionId: randomUUID(),
        email: 'bench@example.com',
        text: wording(),
        category: pick(['Finance', 'HR & Recruiting', null]),
        sourcePage: '/',
      },
      createdAt: dayOf(),
    });
  }
  all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return all.map((event, index) => ({
    ...event,
    metadata: {},
    globalPosition: index + 1,
    streamId: 'bench',
    streamVersion: null,
    transactionId: String(index + 1),
  })) as unknown as RecordedEvent[];
}

const { db, drop } = await openBenchDatabase('unsheet_bench_demand');

try {
  const log = events();
  const projecting = performance.now();
  for (let i = 0; i < log.length; i += BATCH) {
    await db.transaction().execute((trx) => demandProjection.handle(trx, log.slice(i, i + BATCH) as never, { partition: 0 }));
  }
  const projectedMs = performance.now() - projecting;
  await sql`analyze`.execute(db);
  const counts = (
    await sql<{ wordings: number; cores: number; pairs: number }>`
      select (select count(distinct wording) from demand_searches)::int as wordings,
             (select count(*) from demand_cores)::int as cores, (select count(*) from demand_similar)::int as pairs`.execute(db)
  ).rows[0]!;

  const year = toRange('2026-01-01', '2026-12-31');
  const times: number[] = [];
  let groups = 0;
  for (let run = 0; run < RUNS + 1; run++) {
    const started = performance.now();
    groups = (await readNeeds(db, year)).length;
    if (run > 0) times.push(performance.now() - started); // the first run warms the caches
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    [
      `Demand grouping, a year of signals: ${SEARCHES.toLocaleString('en')} searches + ${SUGGESTIONS.toLocaleString('en')} suggestions`,
      `  ${counts.wordings} distinct search wordings, ${counts.cores} cores, ${counts.pairs} similar pairs, ${groups} groups`,
      `  projected in ${(projectedMs / 1000).toFixed(1)} s (${Math.round(log.length / (projectedMs / 1000))} events/s)`,
      `  readNeeds over the year: median ${median.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms of ${RUNS} runs (target < ${TARGET_MS} ms)`,
      `  machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
    ].join('\n'),
  );
  if (median >= TARGET_MS) process.exitCode = 1;
} finally {
  await drop();
}
