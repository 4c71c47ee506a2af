import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The Early Explorer spots (backend/src/early-access/waitlist/spots.ts) count confirmed Explorers and
  // pending leads, each up to the cap: read from these, a count costs at most the cap's rows, however many
  // leads confirmed on the wait-list or joined long ago.
  await sql`create index leads_explorers_idx on leads (waitlist_position) where confirmed_at is not null and early_explorer`.execute(db);
  await sql`create index leads_pending_idx on leads (created_at) where confirmed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index leads_pending_idx`.execute(db);
  await sql`drop index leads_explorers_idx`.execute(db);
}
