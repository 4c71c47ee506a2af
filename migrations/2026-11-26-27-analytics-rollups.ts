import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's rollups, kept by the visits projection (backend/src/analytics/projections/rollups.ts):
 * counts per 15-minute UTC bucket, so a range of days in any time zone (every zone's offset is a multiple
 * of 15 minutes) is a sum of whole buckets. Every rollup row carries the `shard` of the projection
 * partition that wrote it, so partitions applying the projection at once never update the same row;
 * reads sum over shards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // What each session last added to the rollups, so a change to the session moves exactly its own share.
  await sql`
    create table analytics_session_facts (
      session_id uuid primary key,
      visitor_id uuid,
      start_time timestamptz not null,
      prev_start timestamptz,
      second boolean not null,
      pages integer not null,
      duration integer not null,
      traffic_type text,
      parsed_referrer text,
      utm_source text,
      utm_medium text,
      utm_campaign text
    )`.execute(db);
  // One row a visitor, locked while a batch recomputes the visitor's sessions.
  await sql`create table analytics_rollup_visitors (visitor_id uuid primary key)`.execute(db);
  await sql`create index analytics_session_facts_visitor_idx on analytics_session_facts (visitor_id) where visitor_id is not null`.execute(
    db,
  );
  await sql`
    create table analytics_session_rollups (
      bucket timestamptz not null,
      shard smallint not null,
      sessions integer not null,
      visitor_sessions integer not null,
      first_sessions integer not null,
      pages bigint not null,
      duration bigint not null,
      primary key (bucket, shard)
    )`.execute(db);
  await sql`
    create table analytics_source_rollups (
      bucket timestamptz not null,
      traffic_type text not null,
      source text not null,
      shard smallint not null,
      sessions integer not null,
      primary key (bucket, traffic_type, source, shard)
    )`.execute(db);
  await sql`
    create table analytics_campaign_rollups (
      bucket timestamptz not null,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      shard smallint not null,
      sessions integer not null,
      unique nulls not distinct (bucket, utm_source, utm_medium, utm_campaign, shard)
    )`.execute(db);
  await sql`
    create table analytics_page_view_rollups (
      bucket timestamptz not null,
      shard smallint not null,
      page_views integer not null,
      home_views integer not null,
      primary key (bucket, shard)
    )`.execute(db);
  await sql`
    create table analytics_app_view_rollups (
      bucket timestamptz not null,
      app_id uuid not null,
      shard smallint not null,
      views integer not null,
      primary key (bucket, app_id, shard)
    )`.execute(db);
  // A visitor's consecutive sessions (p, q), each start kept at two resolutions (its 15-minute bucket, or
  // its UTC day): the pairs inside a range give its distinct visitors (analytics/metrics/return-pairs.ts).
  await sql`
    create table analytics_return_pairs (
      fine_p boolean not null,
      fine_q boolean not null,
      p_at timestamptz not null,
      q_at timestamptz not null,
      shard smallint not null,
      pairs integer not null,
      second_pairs integer not null,
      primary key (fine_p, fine_q, p_at, q_at, shard)
    )`.execute(db);
  await sql`create index analytics_return_pairs_q_idx on analytics_return_pairs (fine_p, fine_q, q_at, p_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'analytics_return_pairs',
    'analytics_app_view_rollups',
    'analytics_page_view_rollups',
    'analytics_campaign_rollups',
    'analytics_source_rollups',
    'analytics_session_rollups',
    'analytics_rollup_visitors',
    'analytics_session_facts',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
