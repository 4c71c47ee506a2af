import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // When each counted view happened (the AppViewed event's time), so the dashboard can count views in a range.
  await sql`alter table app_view_sessions add column viewed_at timestamptz`.execute(db);
  // Views counted before: the time of the first AppViewed event of the pair, from the log (never pruned).
  await sql`
    update app_view_sessions s set viewed_at = e.first_at
    from (
      select (data->>'appId')::uuid as app_id, (data->>'sessionId')::uuid as session_id, min(created_at) as first_at
      from events where type = 'AppViewed' and data ? 'sessionId'
      group by 1, 2) e
    where e.app_id = s.app_id and e.session_id = s.session_id`.execute(db);
  // A pair whose event is not in the log (none is expected) counts before every range, never in one.
  await sql`update app_view_sessions set viewed_at = '-infinity' where viewed_at is null`.execute(db);
  await sql`alter table app_view_sessions alter column viewed_at set not null`.execute(db);
  await sql`create index app_view_sessions_viewed_at_idx on app_view_sessions (viewed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table app_view_sessions drop column viewed_at`.execute(db);
}
