import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Views counted from AppViewed events, owned by the async `app-views` projection.
  await sql`create table app_views (app_id uuid primary key, views bigint not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table app_views`.execute(db);
}
