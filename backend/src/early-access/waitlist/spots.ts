/**
 * The spots taken, as the Early Explorers count them: confirmed leads, and pending ones that joined less than
 * LEAD_CONFIRMATION_DAYS ago. A pending lead older than that gives its spot back (its position stays its own).
 * `atMost`: stop counting there (a join, which holds the waitlist lock meanwhile, only needs to know the count
 * up to the cap plus its group, whatever the length of the list).
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';

export async function countSpotsTaken(db: Db, confirmationDays: number, atMost?: number): Promise<number> {
  const taken = db
    .selectFrom('leads')
    .select(sql`1`.as('one'))
    .where((eb) =>
      eb.or([eb('confirmed_at', 'is not', null), eb('created_at', '>', sql<Date>`now() - make_interval(days => ${confirmationDays})`)]),
    )
    .$if(atMost !== undefined, (query) => query.limit(atMost!));
  const row = await db
    .selectFrom(taken.as('taken'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
