import { sql, type Kysely } from 'kysely';

/**
 * The demand projection's tables (backend/src/analytics/demand): searches, suggestions, weak quiz matches and
 * dead ends, the wordings with their pg_trgm neighbours, and the admin's merges, splits and statuses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table demand_searches (
      search_id uuid primary key,
      session_id uuid not null,
      wording text not null,
      core text not null,
      results integer not null,
      opened boolean not null default false,
      at timestamptz not null
    )`.execute(db);
  await sql`create index demand_searches_at_idx on demand_searches (at)`.execute(db);
  await sql`
    create table demand_suggestions (
      suggestion_id uuid primary key,
      search_id uuid,
      wording text not null,
      core text not null,
      category text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index demand_suggestions_at_idx on demand_suggestions (at)`.execute(db);
  // Every core wording ever seen, indexed for trigram search, and the pairs similar enough to group.
  await sql`create table demand_cores (core text primary key)`.execute(db);
  await sql`create index demand_cores_trgm_idx on demand_cores using gin (core gin_trgm_ops)`.execute(db);
  await sql`
    create table demand_similar (a text not null, b text not null, similarity real not null, primary key (a, b), check (a < b))`.execute(
    db,
  );
  // The admin's changes to the groups: a merge links two cores, a split cuts a core from its neighbours.
  await sql`create table demand_links (a text not null, b text not null, primary key (a, b), check (a < b))`.execute(db);
  await sql`
    create table demand_core_marks (
      core text primary key,
      split boolean not null default false,
      status text,
      app_slug text,
      marked_at timestamptz
    )`.execute(db);
  await sql`
    create table demand_quiz_matches (
      quiz_result_id uuid primary key,
      answers jsonb not null,
      recommended_app text,
      score integer not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index demand_quiz_matches_at_idx on demand_quiz_matches (at)`.execute(db);
  await sql`
    create table demand_missing_pages (path text not null, day date not null, hits integer not null, primary key (path, day))`.execute(db);
  await sql`
    create table demand_category_visits (
      slug text not null, day date not null, session_id uuid not null, primary key (slug, day, session_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'demand_category_visits',
    'demand_missing_pages',
    'demand_quiz_matches',
    'demand_core_marks',
    'demand_links',
    'demand_similar',
    'demand_cores',
    'demand_suggestions',
    'demand_searches',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
