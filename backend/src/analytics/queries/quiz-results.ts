/** Quiz results for the engagement metrics: the quiz's own read model (`quiz_results`, early-access). */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import type { DateRange } from '../metrics/date-range.js';

export async function countQuizResults(db: Db, range: DateRange): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from quiz_results where created_at >= ${range.start} and created_at < ${range.end}`.execute(db);
  return rows[0]!.n;
}
