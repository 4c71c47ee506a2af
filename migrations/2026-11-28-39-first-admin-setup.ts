import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The one-time links to create the first administrator in the browser (identity/first-admin-setup.ts): each
  // start of the API without an administrator prints one. Only a SHA-256 hash of each token is kept; the
  // rows are deleted once an administrator exists.
  await sql`
    create table first_admin_setup_tokens (
      token_hash text primary key,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table first_admin_setup_tokens`.execute(db);
}
