import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Read model of the catalogue, owned by the inline `apps` projection.
  await sql`
    create table apps (
      id uuid primary key,
      name text not null,
      slug text not null unique,
      description text not null,
      long_description text,
      problem_solved text,
      category text not null,
      category_slug text not null,
      -- The figure an app starts with (imports, demo data); views counted since are in app_views.
      base_views bigint not null default 0,
      is_active boolean not null default true,
      featured boolean not null default false,
      replaces_tools text,
      keyword_bof text not null,
      development_status text not null default 'concept',
      app_url text,
      status_text text,
      status_link_enabled boolean not null default false,
      key_features jsonb not null default '[]'::jsonb,
      how_it_works jsonb not null default '[]'::jsonb,
      spreadsheet_benefits jsonb not null default '[]'::jsonb,
      target_personas jsonb not null default '[]'::jsonb,
      roi_benefits jsonb not null default '[]'::jsonb,
      faq_items jsonb not null default '[]'::jsonb,
      meta_title text,
      meta_description text,
      keywords jsonb not null default '[]'::jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index apps_category_slug_idx on apps (category_slug) where is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table apps`.execute(db);
}
