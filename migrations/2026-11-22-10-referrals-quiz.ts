import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The spec's referral_codes and referrals, owned by the inline `referrals` projection. Every lead's code is
  // here as well as the codes the share-link generator issued to addresses not on the list.
  await sql`
    create table referral_codes (
      code text primary key,
      owner_email text not null unique,
      clicks integer not null default 0,
      conversions integer not null default 0,
      -- Stays 0 until there are paying customers; nothing writes it yet.
      revenue_earned numeric(12, 2) not null default 0,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index referral_codes_leaderboard_idx on referral_codes (conversions desc, created_at, code) where conversions > 0`.execute(
    db,
  );
  await sql`
    create table referrals (
      referee_email text primary key,
      referrer_code text not null,
      created_at timestamptz not null
    )`.execute(db);
  // The spec's quiz_results, owned by the inline `quiz-results` projection.
  await sql`
    create table quiz_results (
      id uuid primary key,
      email text not null,
      answers jsonb not null,
      recommended_app text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index quiz_results_created_at_idx on quiz_results (created_at)`.execute(db);

  // Leads that joined before this migration: the same rows the projection makes of their LeadJoined events.
  await sql`
    insert into referral_codes (code, owner_email, created_at)
    select referral_code, email, created_at from leads`.execute(db);
  await sql`
    insert into referrals (referee_email, referrer_code, created_at)
    select email, referred_by, created_at from leads where referred_by is not null`.execute(db);
  await sql`
    update referral_codes set conversions = counted.n
    from (select referrer_code, count(*)::int as n from referrals group by referrer_code) counted
    where referral_codes.code = counted.referrer_code`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table quiz_results`.execute(db);
  await sql`drop table referrals`.execute(db);
  await sql`drop table referral_codes`.execute(db);
}
