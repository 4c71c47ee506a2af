/**
 * The spots taken, as the Early Explorers count them: confirmed leads, and pending ones that joined less than
 * LEAD_CONFIRMATION_DAYS ago. A pending lead older than that gives its spot back (its position stays its own).
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';

export async function countSpotsTaken(db: Db, confirmationDays: number): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([eb('confirmed_at', 'is not', null), eb('created_at', '>', sql<Date>`now() - make_interval(days => ${confirmationDays})`)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
