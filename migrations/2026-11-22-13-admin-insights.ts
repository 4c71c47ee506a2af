import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The audit trail reads only the events an acting user caused: a partial index keeps that read off the
  // high-volume analytics events, which carry no userId, and costs their append path nothing but the predicate.
  await sql`create index events_audit_idx on events (global_position desc) where metadata ? 'userId'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_audit_idx`.execute(db);
}
