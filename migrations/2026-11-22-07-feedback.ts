import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The spec's visitor messages, owned by the inline projections of the feedback module.
  await sql`
    create table suggestions (
      id uuid primary key,
      email text not null,
      suggestion_text text not null,
      category text,
      source_page text,
      status text not null default 'new',
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table quick_questions (
      id uuid primary key,
      name text not null,
      email text not null,
      message text not null,
      status text not null default 'unread',
      admin_notes text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table developer_inquiries (
      id uuid primary key,
      name text not null,
      email text not null,
      message text not null,
      portfolio_url text,
      linkedin_url text,
      status text not null default 'unread',
      admin_notes text,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table developer_inquiries`.execute(db);
  await sql`drop table quick_questions`.execute(db);
  await sql`drop table suggestions`.execute(db);
}
