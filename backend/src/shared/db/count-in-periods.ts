/**
 * How many rows of a table fall in each of consecutive periods, by one timestamp column, in one pass: the
 * rows before `bounds[0]`, then those in [bounds[0], bounds[1]), [bounds[1], bounds[2]), …. What a module
 * answers when the dashboard asks how much of its data arrived in a range and in the range before it.
 */
import { sql } from 'kysely';
import type { Db } from './tables.js';

/** Counts per period: `before` (earlier than the first bound), then one per pair of consecutive bounds. */
export interface PeriodCounts {
  before: number;
  periods: number[];
}

export async function countInPeriods(db: Db, table: string, column: string, bounds: readonly Date[]): Promise<PeriodCounts> {
  const at = sql.ref(column);
  const counts = bounds.map((bound, i) =>
    i === 0
      ? sql`count(*) filter (where ${at} < ${bound})::int`
      : sql`count(*) filter (where ${at} >= ${bounds[i - 1]!} and ${at} < ${bound})::int`,
  );
  const { rows } = await sql<{ counts: number[] }>`select array[${sql.join(counts)}] as counts from ${sql.table(table)}`.execute(db);
  const [before = 0, ...periods] = rows[0]!.counts;
  return { before, periods };
}
