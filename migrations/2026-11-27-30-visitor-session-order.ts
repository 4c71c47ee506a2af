import { sql, type Kysely } from 'kysely';

/**
 * A visitor's sessions in the order that gives each its place (start time, then session id), in the visits
 * table and in the facts the rollups last counted: the visits projection finds a session's neighbours by
 * index, so a batch's work does not grow with the number of sessions a visitor id holds. Each replaces an
 * index it extends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index user_sessions_visitor_order_idx on user_sessions (visitor_id, start_time, session_id)
    where visitor_id is not null`.execute(db);
  await sql`drop index user_sessions_visitor_idx`.execute(db);
  await sql`
    create index analytics_session_facts_visitor_order_idx on analytics_session_facts (visitor_id, start_time, session_id)
    where visitor_id is not null`.execute(db);
  await sql`drop index analytics_session_facts_visitor_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index user_sessions_visitor_idx on user_sessions (visitor_id, start_time) where visitor_id is not null`.execute(db);
  await sql`drop index user_sessions_visitor_order_idx`.execute(db);
  await sql`create index analytics_session_facts_visitor_idx on analytics_session_facts (visitor_id) where visitor_id is not null`.execute(
    db,
  );
  await sql`drop index analytics_session_facts_visitor_order_idx`.execute(db);
}
