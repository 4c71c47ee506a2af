import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface UserSessionsTable {
  session_id: string;
  visitor_id: string | null;
  user_agent: string | null;
  browser: string | null;
  os: string | null;
  device_type: string | null;
  /** The spec's ip_address, hashed with a salt that rotates daily: never the address itself. */
  ip_hash: string | null;
  landing_url: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  msclkid: string | null;
  fbclid: string | null;
  parsed_referrer: string | null;
  traffic_type: string | null;
  campaign_source: string | null;
  pages_viewed: number;
  time_on_site: number | null;
  start_time: Date;
  end_time: Date | null;
  /** navigator.webdriver as the tracker sent it (null: not sent). */
  automation: boolean | null;
  /** The data-centre network the session's start came from (null: none). */
  network: string | null;
  /** The session's class by the rules of the projection's last run, and the rule that decided it (metrics/counted.ts). */
  traffic_class: ColumnType<string, string | undefined, string>;
  traffic_rule: ColumnType<string, string | undefined, string>;
}

export interface PageViewsTable {
  page_view_id: string;
  session_id: string;
  page_url: string;
  page_path: string;
  page_title: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  parsed_referrer: string | null;
  potential_keywords: Json<string[]>;
  time_on_page: number | null;
  timestamp: Date;
  created_at: Date;
}

export interface AppInteractionsTable {
  id: string;
  app_id: string | null;
  session_id: string;
  action_type: string;
  metadata: Json<Record<string, unknown>>;
  timestamp: Date;
  created_at: Date;
}

/** Bot batches dropped before every batch was kept, per UTC day and the class and rule their user agent is in now. */
export interface AnalyticsBotDropsTable {
  day: ColumnType<string, string, string>;
  traffic_class: string;
  traffic_rule: string;
  batches: number;
  events: number;
}

/** Sessions left out of the figures, by class and rule, per 15-minute bucket (`fine`) or UTC day of their start. */
export interface AnalyticsExcludedRollupsTable {
  fine: boolean;
  bucket: Date;
  traffic_class: string;
  traffic_rule: string;
  shard: number;
  sessions: number;
  /** Their page views and app interactions. */
  events: number;
}

export interface LeadSessionsTable {
  lead_id: string;
  email: string;
  session_id: string | null;
  joined_at: Date;
}

export interface SearchQueryStatsTable {
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  query: string;
  clicks: number;
  impressions: number;
  position: number;
  source: string;
}

export interface DemandSearchesTable {
  search_id: string;
  session_id: string;
  wording: string;
  core: string;
  results: number;
  opened: boolean;
  at: Date;
}

export interface DemandSuggestionsTable {
  suggestion_id: string;
  search_id: string | null;
  wording: string;
  core: string;
  category: string | null;
  at: Date;
}

export interface DemandCoresTable {
  core: string;
  /** Whether later cores look it up (in the GiST index): false for a near-duplicate of many (DUPLICATE_SIMILARITY). */
  indexed: boolean;
}

/** A pair of cores, `a < b`, merged by the admin. */
export interface DemandPairsTable {
  a: string;
  b: string;
}

/** A pair of cores, `a < b`, at least SIMILARITY_THRESHOLD similar (pg_trgm). */
export interface DemandSimilarTable extends DemandPairsTable {
  similarity: number;
}

export interface DemandCoreMarksTable {
  core: string;
  split: boolean;
  status: string | null;
  app_slug: string | null;
  marked_at: Date | null;
}

export interface DemandQuizMatchesTable {
  quiz_result_id: string;
  answers: Json<string[]>;
  recommended_app: string | null;
  score: number;
  at: Date;
}

export interface DemandMissingPagesTable {
  path: string;
  day: ColumnType<string, string, string>;
  hits: number;
}

export interface DemandCategoryVisitsTable {
  slug: string;
  day: ColumnType<string, string, string>;
  session_id: string;
}

/** What a session last added to the rollups (projections/rollups.ts). */
export interface AnalyticsSessionFactsTable {
  session_id: string;
  visitor_id: string | null;
  start_time: Date;
  /** Start of the visitor's previous session (by start, then id); null for the first, or without a visitor id. */
  prev_start: Date | null;
  /** The visitor's second session: its pair with the first counts for the return rate. */
  second: boolean;
  pages: number;
  duration: number;
  traffic_type: string | null;
  parsed_referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  traffic_class: string;
  traffic_rule: string;
  /** An excluded session's page views and app interactions (0 for a person's, which the other rollups count). */
  events: number;
  /** Its channel (contracts/analytics/channels.ts), 'unknown' before its start arrived. */
  channel: string;
  /** The keys (metrics/visit-figures.ts, pageKey) of its first and last page views' paths; null without page views. */
  entry_key: number | null;
  exit_key: number | null;
  /** One page view and no interaction. */
  bounced: boolean;
}

export interface AnalyticsRollupVisitorsTable {
  visitor_id: string;
}

/** Sessions by the 15-minute UTC bucket of their start, per writing shard. */
export interface AnalyticsSessionRollupsTable {
  bucket: Date;
  shard: number;
  sessions: number;
  visitor_sessions: number;
  first_sessions: number;
  duration: number;
  bounces: number;
}

/** Sessions by traffic type and source, per 15-minute bucket (`fine`) or UTC day of their start, per writing shard. */
export interface AnalyticsSourceRollupsTable {
  fine: boolean;
  bucket: Date;
  traffic_type: string;
  source: string;
  shard: number;
  sessions: number;
}

/** Sessions by UTM source, medium and campaign, per 15-minute bucket (`fine`) or UTC day of their start. */
export interface AnalyticsCampaignRollupsTable {
  fine: boolean;
  bucket: Date;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  shard: number;
  sessions: number;
}

export interface AnalyticsPageViewRollupsTable {
  bucket: Date;
  shard: number;
  page_views: number;
  home_views: number;
  /** App interactions the visitor made (not app views), by their time. */
  interactions: number;
}

/** Sessions by channel, per 15-minute bucket (`fine`) or UTC day of their start. */
export interface AnalyticsChannelRollupsTable {
  fine: boolean;
  bucket: Date;
  channel: string;
  shard: number;
  sessions: number;
}

/** Page views by page path, per 15-minute bucket (`fine`) or UTC day of the view. */
export interface AnalyticsPageRollupsTable {
  fine: boolean;
  bucket: Date;
  page_key: number;
  shard: number;
  views: number;
}

/** The path of each page key the rollups hold (metrics/visit-figures.ts, pageKey). */
export interface AnalyticsPagesTable {
  page_key: number;
  path: string;
}

/** Visits that entered or left on a page, per 15-minute bucket (`fine`) or UTC day of their start. */
export interface AnalyticsEntryExitRollupsTable {
  fine: boolean;
  bucket: Date;
  page_key: number;
  shard: number;
  entries: number;
  exits: number;
}

export interface AnalyticsAppViewRollupsTable {
  bucket: Date;
  app_id: string;
  shard: number;
  views: number;
}

/** A visitor's consecutive sessions, each start by its 15-minute bucket (fine) or its UTC day. */
export interface AnalyticsReturnPairsTable {
  fine_p: boolean;
  fine_q: boolean;
  p_at: Date;
  q_at: Date;
  shard: number;
  pairs: number;
  second_pairs: number;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    user_sessions: UserSessionsTable;
    page_views: PageViewsTable;
    app_interactions: AppInteractionsTable;
    analytics_bot_drops: AnalyticsBotDropsTable;
    lead_sessions: LeadSessionsTable;
    search_query_stats: SearchQueryStatsTable;
    demand_searches: DemandSearchesTable;
    demand_suggestions: DemandSuggestionsTable;
    demand_cores: DemandCoresTable;
    demand_similar: DemandSimilarTable;
    demand_links: DemandPairsTable;
    demand_core_marks: DemandCoreMarksTable;
    demand_quiz_matches: DemandQuizMatchesTable;
    demand_missing_pages: DemandMissingPagesTable;
    demand_category_visits: DemandCategoryVisitsTable;
    analytics_session_facts: AnalyticsSessionFactsTable;
    analytics_rollup_visitors: AnalyticsRollupVisitorsTable;
    analytics_session_rollups: AnalyticsSessionRollupsTable;
    analytics_source_rollups: AnalyticsSourceRollupsTable;
    analytics_campaign_rollups: AnalyticsCampaignRollupsTable;
    analytics_page_view_rollups: AnalyticsPageViewRollupsTable;
    analytics_app_view_rollups: AnalyticsAppViewRollupsTable;
    analytics_return_pairs: AnalyticsReturnPairsTable;
    analytics_excluded_rollups: AnalyticsExcludedRollupsTable;
    analytics_channel_rollups: AnalyticsChannelRollupsTable;
    analytics_page_rollups: AnalyticsPageRollupsTable;
    analytics_entry_exit_rollups: AnalyticsEntryExitRollupsTable;
    analytics_pages: AnalyticsPagesTable;
  }
}
