import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Referral credit and spots count confirmed people (docs/early-access.md). The leads list keeps, per lead:
  // the mailbox it delivers to (sub-addresses and Gmail dots removed: one person), whether it is an Early
  // Explorer (decided at the join), its confirmation, how its referral stands, the client and session it
  // joined from (for the referral-burst flag; the client is a keyed hash, never the address), and a mail
  // server's permanent refusal.
  await sql`
    alter table leads
      add column mailbox text,
      add column early_explorer boolean,
      add column confirmed_at timestamptz,
      add column referral_refused text,
      add column referral_credited boolean not null default false,
      add column referral_voided_at timestamptz,
      add column client_key text,
      add column session_id text,
      add column undeliverable_reason text`.execute(db);
  // Leads from before: the same rules as shared/validation/email.ts's mailboxKey, and explorers by position.
  await sql`
    update leads set
      early_explorer = waitlist_position <= 100,
      mailbox = case
        when split_part(email, '@', 2) in ('gmail.com', 'googlemail.com')
          then replace(regexp_replace(split_part(email, '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
        else regexp_replace(split_part(email, '@', 1), '[+].*$', '') || '@' || split_part(email, '@', 2)
      end`.execute(db);
  await sql`alter table leads alter column mailbox set not null, alter column early_explorer set not null`.execute(db);
  await sql`create index leads_mailbox_idx on leads (mailbox)`.execute(db);
  // The spots taken: confirmed leads, and pending ones by their join time.
  await sql`create index leads_confirmed_idx on leads (confirmed_at) where confirmed_at is not null`.execute(db);
  await sql`create index leads_created_idx on leads (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index leads_created_idx`.execute(db);
  await sql`drop index leads_confirmed_idx`.execute(db);
  await sql`drop index leads_mailbox_idx`.execute(db);
  await sql`
    alter table leads
      drop column mailbox, drop column early_explorer, drop column confirmed_at, drop column referral_refused,
      drop column referral_credited, drop column referral_voided_at, drop column client_key, drop column session_id,
      drop column undeliverable_reason`.execute(db);
}
