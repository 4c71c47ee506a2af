/**
 * Where quiz results are counted from, in one place: until the quiz module records its own results, a
 * finished quiz is the tracker's `interaction` with action 'quiz_complete'. Switch this to `quiz_results`
 * when that read model exists.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import type { DateRange } from '../metrics/date-range.js';

export async function countQuizResults(db: Db, range: DateRange): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from app_interactions
    where action_type = 'quiz_complete' and timestamp >= ${range.start} and timestamp < ${range.end}`.execute(db);
  return rows[0]!.n;
}
