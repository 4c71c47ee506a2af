import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The (app, session) pairs the `app-views` projection has counted: one view per app per session.
  await sql`create table app_view_sessions (app_id uuid not null, session_id uuid not null, primary key (app_id, session_id))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table app_view_sessions`.execute(db);
}
