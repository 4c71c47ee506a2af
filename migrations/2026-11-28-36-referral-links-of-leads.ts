import { sql, type Kysely } from 'kysely';

/**
 * An address can own more than one code: its lead's own, the share-link generator's (one per address, issued
 * whether or not the address is on the list) and the codes told to joins with its address from browsers
 * that had not joined with it. `generated` marks the generator's code, the one the generator answers each
 * time (docs/early-access.md, "Who is on the list: nobody can ask"); the codes issued so far are marked from
 * the log. The leaderboard and the admin's figures add an owner's codes up by owner_email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table referral_codes drop constraint referral_codes_owner_email_key`.execute(db);
  await sql`alter table referral_codes add column generated boolean not null default false`.execute(db);
  await sql`
    update referral_codes set generated = true
    where code in (select data->>'code' from events where type = 'ReferralCodeIssued')`.execute(db);
  await sql`create index referral_codes_owner_email_idx on referral_codes (owner_email)`.execute(db);
  await sql`create index referral_stats_owner_email_idx on referral_stats (owner_email)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index referral_stats_owner_email_idx`.execute(db);
  await sql`drop index referral_codes_owner_email_idx`.execute(db);
  // One code per address again: a lead keeps its own.
  await sql`
    delete from referral_codes c
    where exists (select 1 from leads l where l.email = c.owner_email and l.referral_code <> c.code)`.execute(db);
  await sql`alter table referral_codes drop column generated`.execute(db);
  await sql`alter table referral_codes add constraint referral_codes_owner_email_key unique (owner_email)`.execute(db);
}
