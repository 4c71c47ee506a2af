import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Leads from throwaway-mail providers are flagged (LeadJoined.disposableEmail), not refused. The flag is a
  // fact recorded at the join: earlier leads read false, as their events carry no flag.
  await sql`alter table leads add column disposable_email boolean not null default false`.execute(db);

  // Referral counts move from the inline referral_codes to the async `referral-stats` projection, which
  // fills its table from the whole log on its first run (it has no checkpoint yet).
  await sql`
    create table referral_stats (
      code text primary key,
      owner_email text not null,
      clicks integer not null default 0,
      signups integer not null default 0,
      conversions integer not null default 0,
      -- Stays 0 until there are paying customers; nothing writes it yet.
      revenue_lifetime numeric(12, 2) not null default 0,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index referral_stats_leaderboard_idx on referral_stats (signups desc, created_at, code) where signups > 0`.execute(db);
  await sql`drop index referral_codes_leaderboard_idx`.execute(db);
  await sql`alter table referral_codes drop column clicks, drop column conversions, drop column revenue_earned`.execute(db);

  // The spec's viral_campaigns (rows with is_active), owned by the inline `viral-campaigns` projection.
  await sql`
    create table viral_campaigns (
      id uuid primary key,
      name text not null,
      description text,
      is_active boolean not null,
      started_at timestamptz not null,
      ended_at timestamptz
    )`.execute(db);
  await sql`create index viral_campaigns_active_idx on viral_campaigns (started_at desc) where is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table viral_campaigns`.execute(db);
  await sql`
    alter table referral_codes
      add column clicks integer not null default 0,
      add column conversions integer not null default 0,
      add column revenue_earned numeric(12, 2) not null default 0`.execute(db);
  await sql`create index referral_codes_leaderboard_idx on referral_codes (conversions desc, created_at, code) where conversions > 0`.execute(
    db,
  );
  await sql`drop table referral_stats`.execute(db);
  await sql`alter table leads drop column disposable_email`.execute(db);
}
