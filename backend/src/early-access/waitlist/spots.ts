/**
 * The Early Explorers' spots. A spot is held once its lead confirms its address: a lead that confirms while
 * fewer than EARLY_EXPLORERS_CAP confirmed leads are Explorers becomes one (decided then, and recorded on
 * LeadConfirmed). Leads that have not confirmed (pending, for LEAD_CONFIRMATION_DAYS after joining) hold at
 * most PENDING_SHARE of the spots still free: the count moves as people join, but joins nobody confirms can
 * never close the programme. Expired leads hold nothing; positions never change.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';

/** The share of the free spots that leads who have not confirmed may hold between them. */
export const PENDING_SHARE = 0.25;

/** Confirmed Early Explorers, and pending leads (not confirmed, not expired). */
export interface Spots {
  confirmed: number;
  pending: number;
}

/** The spots taken (the spec's "lead count"): confirmed Explorers, plus pending leads up to their share of the rest. */
export function spotsTaken({ confirmed, pending }: Spots): number {
  const free = Math.max(0, EARLY_EXPLORERS_CAP - confirmed);
  return Math.min(EARLY_EXPLORERS_CAP, confirmed) + Math.min(pending, Math.floor(PENDING_SHARE * free));
}

/** The spots left once these are taken. */
export function spotsLeft(spots: Spots): number {
  return EARLY_EXPLORERS_CAP - spotsTaken(spots);
}

/** Whether a spot is free for a lead that confirms now. */
export function spotFree({ confirmed }: Spots): boolean {
  return confirmed < EARLY_EXPLORERS_CAP;
}

/**
 * Counts the confirmed Explorers and the pending leads, each up to `atMost` (the cap by default: neither
 * figure matters beyond it, so a count costs the same whatever the length of the list).
 */
export async function countSpots(db: Db, confirmationDays: number, atMost = EARLY_EXPLORERS_CAP): Promise<Spots> {
  const confirmed = db
    .selectFrom('leads')
    .select(sql`1`.as('one'))
    .where('confirmed_at', 'is not', null)
    .where('early_explorer', '=', true)
    .limit(atMost);
  const pending = db
    .selectFrom('leads')
    .select(sql`1`.as('one'))
    .where('confirmed_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${confirmationDays})`)
    .limit(atMost);
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom(confirmed.as('c')).select(eb.fn.countAll<number>().as('n')).as('confirmed'),
      eb.selectFrom(pending.as('p')).select(eb.fn.countAll<number>().as('n')).as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return { confirmed: Number(row.confirmed), pending: Number(row.pending) };
}

/** The spots taken now (see spotsTaken). */
export async function countSpotsTaken(db: Db, confirmationDays: number): Promise<number> {
  return spotsTaken(await countSpots(db, confirmationDays));
}
