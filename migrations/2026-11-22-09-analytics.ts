import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Visitor analytics, owned by the async `analytics` projection (module backend/src/analytics).
  // The spec's user_sessions; ip_hash is the spec's ip_address, only ever a salted daily-rotating hash.
  // A row may be created by a page view that arrived before its session start (the other columns follow).
  await sql`
    create table user_sessions (
      session_id uuid primary key,
      visitor_id uuid,
      user_agent text,
      browser text,
      os text,
      device_type text,
      ip_hash text,
      landing_url text,
      referrer text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      utm_term text,
      utm_content text,
      gclid text,
      msclkid text,
      fbclid text,
      parsed_referrer text,
      traffic_type text,
      campaign_source text,
      pages_viewed integer not null default 0,
      time_on_site integer,
      start_time timestamptz not null,
      end_time timestamptz
    )`.execute(db);
  await sql`create index user_sessions_start_time_idx on user_sessions (start_time)`.execute(db);
  await sql`create index user_sessions_visitor_idx on user_sessions (visitor_id, start_time) where visitor_id is not null`.execute(db);
  await sql`
    create table page_views (
      page_view_id uuid primary key,
      session_id uuid not null,
      page_url text not null,
      page_path text not null,
      page_title text not null,
      referrer text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      utm_term text,
      utm_content text,
      gclid text,
      parsed_referrer text,
      potential_keywords jsonb not null,
      time_on_page integer,
      timestamp timestamptz not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index page_views_timestamp_idx on page_views (timestamp)`.execute(db);
  await sql`create index page_views_session_idx on page_views (session_id)`.execute(db);
  await sql`
    create table app_interactions (
      id uuid primary key,
      app_id uuid,
      session_id uuid not null,
      action_type text not null,
      metadata jsonb not null,
      timestamp timestamptz not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index app_interactions_timestamp_idx on app_interactions (timestamp)`.execute(db);
  await sql`create index app_interactions_session_idx on app_interactions (session_id)`.execute(db);

  // Bot batches refused at ingest, per UTC day (the `analytics-bots` projection).
  await sql`create table analytics_bot_drops (day date primary key, batches integer not null, events integer not null)`.execute(db);

  // The session a lead joined from (LeadJoined.sessionId), for the lead's activity (`lead-sessions` projection).
  await sql`
    create table lead_sessions (
      lead_id uuid primary key,
      email text not null,
      session_id uuid,
      joined_at timestamptz not null
    )`.execute(db);
  await sql`create index lead_sessions_email_idx on lead_sessions (email)`.execute(db);

  // Search Console query rows per period (one day from the API, the export's period from a CSV import);
  // a later recording of the same period and query replaces the earlier one.
  await sql`
    create table search_query_stats (
      start_date date not null,
      end_date date not null,
      query text not null,
      clicks integer not null,
      impressions integer not null,
      position double precision not null,
      source text not null,
      primary key (start_date, end_date, query)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['search_query_stats', 'lead_sessions', 'analytics_bot_drops', 'app_interactions', 'page_views', 'user_sessions']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
