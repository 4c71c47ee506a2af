import { sql, type Kysely } from 'kysely';

/** The visits projection's tables (backend/src/analytics/projections/visits.projection.ts), this migration's included. */
const VISITS_TABLES = [
  'user_sessions',
  'page_views',
  'app_interactions',
  'analytics_rollup_visitors',
  'analytics_session_facts',
  'analytics_session_rollups',
  'analytics_source_rollups',
  'analytics_campaign_rollups',
  'analytics_page_view_rollups',
  'analytics_app_view_rollups',
  'analytics_return_pairs',
  'analytics_excluded_rollups',
];
const NEW_TABLES = ['analytics_entry_exit_rollups', 'analytics_page_rollups', 'analytics_channel_rollups', 'analytics_pages'];

/**
 * The console's first row and its channels (docs/analytics.md, "Figures" and "Channels"): each session's
 * channel, entry and exit pages and whether it bounced, kept in its facts; sessions per channel, visits per
 * entry and exit page and page views per page, per 15-minute bucket and per UTC day. Pages are kept by key
 * (52 bits of the path's MD5, backend/src/analytics/metrics/visit-figures.ts), each path once, in
 * analytics_pages; bounces in place of the
 * sessions' pages (views per visit is page views / visits); app interactions per bucket. The visits
 * projection's tables are emptied and its checkpoints removed, so it fills them again from the whole log on
 * its next run (the events are kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await replay(db);
  await sql`
    alter table analytics_session_facts
      add column channel text not null, add column entry_key bigint, add column exit_key bigint,
      add column bounced boolean not null`.execute(db);
  await sql`alter table analytics_session_rollups drop column pages, add column bounces integer not null`.execute(db);
  await sql`alter table analytics_page_view_rollups add column interactions integer not null`.execute(db);
  await sql`
    create table analytics_channel_rollups (
      fine boolean not null,
      bucket timestamptz not null,
      channel text not null,
      shard smallint not null,
      sessions integer not null,
      primary key (fine, bucket, channel, shard)
    )`.execute(db);
  await sql`
    create table analytics_page_rollups (
      fine boolean not null,
      bucket timestamptz not null,
      page_key bigint not null,
      shard smallint not null,
      views integer not null,
      primary key (fine, bucket, page_key, shard)
    )`.execute(db);
  await sql`
    create table analytics_entry_exit_rollups (
      fine boolean not null,
      bucket timestamptz not null,
      page_key bigint not null,
      shard smallint not null,
      entries integer not null,
      exits integer not null,
      primary key (fine, bucket, page_key, shard)
    )`.execute(db);
  await sql`create table analytics_pages (page_key bigint primary key, path text not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replay(db);
  for (const table of NEW_TABLES) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`alter table analytics_page_view_rollups drop column interactions`.execute(db);
  await sql`alter table analytics_session_rollups drop column bounces, add column pages bigint not null`.execute(db);
  await sql`
    alter table analytics_session_facts drop column channel, drop column entry_key, drop column exit_key, drop column bounced`.execute(db);
}

async function replay(db: Kysely<any>): Promise<void> {
  await sql`truncate ${sql.join(VISITS_TABLES.map((table) => sql.table(table)))}`.execute(db);
  await sql`delete from projection_checkpoints where name = 'analytics-visits' or name like 'analytics-visits#%'`.execute(db);
}
