import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The spec's leads, owned by the inline `leads` projection; positions come from the `waitlist` stream.
  await sql`
    create table leads (
      id uuid primary key,
      email text not null unique,
      source_page text,
      referral_code text not null unique,
      referred_by text,
      waitlist_position integer not null unique,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index leads_referred_by_idx on leads (referred_by) where referred_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table leads`.execute(db);
}
