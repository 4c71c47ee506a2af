import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Accounts and refresh tokens are security state, kept in plain tables (DESIGN.md); the moments that
  // matter (registered, confirmed, role granted, sign-ins) are still events.
  await sql`
    create table users (
      id uuid primary key,
      email text not null,
      email_key text not null unique,
      password_hash text not null,
      display_name text not null,
      redirect_to text not null default '/',
      email_confirmed_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  // Stored hashed; rotated on every use. A used token presented again revokes its whole family.
  await sql`
    create table refresh_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      family_id uuid not null,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index refresh_tokens_family on refresh_tokens (family_id)`.execute(db);
  // The spec's profiles (user id, role): an inline projection of UserRegistered and RoleGranted.
  await sql`
    create table profiles (
      user_id uuid primary key,
      role text not null default 'user'
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table profiles`.execute(db);
  await sql`drop table refresh_tokens`.execute(db);
  await sql`drop table users`.execute(db);
}
