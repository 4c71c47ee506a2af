import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Failed sign-ins, counted per (account, client) and per account over a window, so that guessing from one
  // client locks out that client only (identity/sign-in-failures.ts). The account is its address key
  // (unknown addresses are counted alike, so the answers tell nobody which addresses have an account); the
  // client is an HMAC of its address, never the address.
  await sql`
    create table sign_in_failures (
      email_key text not null,
      client_key text not null,
      failed_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_failures_by_account on sign_in_failures (email_key, failed_at)`.execute(db);
  await sql`create index sign_in_failures_by_time on sign_in_failures (failed_at)`.execute(db);
  // The guard asks, on each signed-in request, whether the access token's session (refresh-token family) was
  // ended: one look-up in an index that holds revoked tokens only.
  await sql`create index refresh_tokens_revoked_family on refresh_tokens (family_id) where revoked_at is not null`.execute(db);
  // Ending every session of an account (password reset, erasure) finds its live tokens without a scan.
  await sql`create index refresh_tokens_live_by_user on refresh_tokens (user_id) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index refresh_tokens_live_by_user`.execute(db);
  await sql`drop index refresh_tokens_revoked_family`.execute(db);
  await sql`drop table sign_in_failures`.execute(db);
}
