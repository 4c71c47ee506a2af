import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table newsletter_subscriptions (
      email text primary key,
      source_page text,
      subscribed_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table newsletter_subscriptions`.execute(db);
}
