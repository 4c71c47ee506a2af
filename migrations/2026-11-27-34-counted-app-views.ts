import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Every view counts now, not one per app and session: the table keeps the views the `app-views` projection
  // has counted by the view's own id, so a retried request or a replayed event counts once. The pairs counted
  // so far stay as they are: their key is the session id, as the AppViewed events they came from give it.
  await sql`alter table app_view_sessions rename to counted_app_views`.execute(db);
  await sql`alter table counted_app_views rename column session_id to view_id`.execute(db);
  await sql`alter index app_view_sessions_pkey rename to counted_app_views_pkey`.execute(db);
  await sql`alter index app_view_sessions_viewed_at_idx rename to counted_app_views_viewed_at_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index counted_app_views_viewed_at_idx rename to app_view_sessions_viewed_at_idx`.execute(db);
  await sql`alter index counted_app_views_pkey rename to app_view_sessions_pkey`.execute(db);
  await sql`alter table counted_app_views rename column view_id to session_id`.execute(db);
  await sql`alter table counted_app_views rename to app_view_sessions`.execute(db);
}
