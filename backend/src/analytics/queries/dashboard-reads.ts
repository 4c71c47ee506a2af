/**
 * The admin dashboard's reads: the rollups (projections/rollups.ts) for the range's whole 15-minute buckets,
 * which cost the same whatever the traffic, and the visits rows for its partial edges (no time zone in use
 * today makes any). Rollups kept by UTC day too (sources, campaigns, channels, pages, entry and exit pages,
 * return pairs, excluded traffic) give the range's whole UTC days from their day rows and only its partial first
 * and last UTC days from the 15-minute rows. With `rollups` false every figure is read from the rows: the answer
 * the rollups must equal. Only the sessions that count are in the rollups, and every read of the rows keeps to
 * them too (metrics/counted.ts).
 */
import { sql } from 'kysely';
import type { DailySeries, TrafficSources, UtmCampaigns } from '../../../../contracts/analytics/dashboard.js';
import type { ChannelVisits, PageCount } from '../../../../contracts/analytics/engagement.js';
import type { Db } from '../../shared/db/tables.js';
import { cut, wholeBuckets, wholeUtcDays, type RangeCut } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { sessionDuration } from '../metrics/session-duration.js';
import { sessionTimings } from '../metrics/session-timings.js';
import { countedSession, ofCountedSession } from '../metrics/counted.js';
import { bounced, interactionRow, pageKey, sessionChannel } from '../metrics/visit-figures.js';

/** How many rows a ranked list of pages gives. */
export const TOP_PAGES = 10;

/** The cut's whole buckets, on a rollup table's `bucket`. */
const inBuckets = (c: RangeCut) => sql`bucket >= ${c.innerStart} and bucket < ${c.innerEnd}`;

/**
 * The rows of a rollup kept by 15-minute bucket (`fine`) and by UTC day for the cut's whole buckets: its
 * whole UTC days from the day rows, the buckets before and after them from the fine rows.
 */
type DayRollup =
  | 'analytics_source_rollups'
  | 'analytics_campaign_rollups'
  | 'analytics_channel_rollups'
  | 'analytics_page_rollups'
  | 'analytics_entry_exit_rollups'
  | 'analytics_excluded_rollups';

function wholeBucketRows(table: DayRollup, c: RangeCut) {
  const [dayStart, dayEnd] = wholeUtcDays(c.innerStart, c.innerEnd);
  const t = sql.table(table);
  return sql`(
    select * from ${t}
    where fine and (bucket >= ${c.innerStart} and bucket < ${dayStart} or bucket >= ${dayEnd} and bucket < ${c.innerEnd})
    union all
    select * from ${t} where not fine and bucket >= ${dayStart} and bucket < ${dayEnd})`;
}

/** The cut's partial edges, on a visits table's time column. */
function inEdges(column: string, c: RangeCut) {
  const at = sql.ref(column);
  return sql`(${at} >= ${c.start} and ${at} < ${c.innerStart} or ${at} >= ${c.innerEnd} and ${at} < ${c.end})`;
}

/** The sessions that count started in the cut's partial edges. */
const countedInEdges = (c: RangeCut) => sql`${inEdges('start_time', c)} and ${countedSession()}`;
/** The rows of sessions that count, by a time column, in the cut's partial edges (of `table`: page views, interactions). */
const ofCountedInEdges = (table: string, column: string, c: RangeCut) => sql`${inEdges(column, c)} and ${ofCountedSession(table)}`;

/** Sessions (by start) and page views per day of the range in its zone, every day present. */
export async function dailySeries(db: Db, range: DateRange, rollups = true): Promise<DailySeries> {
  const c = cut(range, rollups);
  const day = (column: string) => sql`(${sql.ref(column)} at time zone ${range.timeZone}::text)::date`;
  const { rows } = await sql<DailySeries[number]>`
    with days as (
      select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d),
    s as (
      select day, sum(n)::int as n from (
        select ${day('bucket')} as day, sum(sessions) as n from analytics_session_rollups where ${inBuckets(c)} group by 1
        union all
        select ${day('start_time')}, count(*) from user_sessions where ${countedInEdges(c)} group by 1) x
      group by 1),
    p as (
      select day, sum(n)::int as n from (
        select ${day('bucket')} as day, sum(page_views) as n from analytics_page_view_rollups where ${inBuckets(c)} group by 1
        union all
        select ${day('timestamp')}, count(*) from page_views where ${ofCountedInEdges('page_views', 'timestamp', c)} group by 1) x
      group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sessions, coalesce(p.n, 0) as "pageViews"
    from days left join s on s.day = days.day left join p on p.day = days.day
    order by days.day`.execute(db);
  return rows;
}

/** Sessions per traffic type and source, most first; at most 100 rows. */
export async function trafficSources(db: Db, range: DateRange, rollups = true): Promise<TrafficSources> {
  const c = cut(range, rollups);
  const { rows } = await sql<TrafficSources[number]>`
    select traffic_type as "trafficType", source, sum(n)::int as sessions from (
      select traffic_type, source, sum(sessions) as n from ${wholeBucketRows('analytics_source_rollups', c)} r group by 1, 2
      union all
      select coalesce(traffic_type, 'unknown'), coalesce(parsed_referrer, 'direct'), count(*) from user_sessions
      where ${countedInEdges(c)} group by 1, 2) x
    group by 1, 2 having sum(n) > 0 order by sessions desc, 1, 2 limit 100`.execute(db);
  return rows;
}

/** Sessions per UTM source, medium and campaign (sessions with none left out), most first; at most 100 rows. */
export async function utmCampaigns(db: Db, range: DateRange, rollups = true): Promise<UtmCampaigns> {
  const c = cut(range, rollups);
  const { rows } = await sql<UtmCampaigns[number]>`
    select utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(n)::int as sessions from (
      select utm_source, utm_medium, utm_campaign, sum(sessions) as n from ${wholeBucketRows('analytics_campaign_rollups', c)} r
      group by 1, 2, 3
      union all
      select utm_source, utm_medium, utm_campaign, count(*) from user_sessions
      where ${countedInEdges(c)} and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
      group by 1, 2, 3) x
    group by 1, 2, 3 having sum(n) > 0
    order by sessions desc, source nulls last, medium nulls last, campaign nulls last
    limit 100`.execute(db);
  return rows;
}

/**
 * The counts behind the cards: sessions, their seconds and bounces, visitors and those who came back (by
 * session start); page views, home page views and app interactions (by their time).
 */
export interface CardCounts {
  sessions: number;
  time: number;
  bounces: number;
  pageViews: number;
  homeViews: number;
  interactions: number;
  visitors: number;
  returning: number;
}

export async function cardCounts(db: Db, range: DateRange, rollups = true): Promise<CardCounts> {
  const c = cut(range, rollups);
  const [inner, edges, visitors] = await Promise.all([
    sql<{
      sessions: number;
      time: number;
      bounces: number;
      visitor_sessions: number;
      first_sessions: number;
      page_views: number;
      home_views: number;
      interactions: number;
    }>`
      with v as (
        select coalesce(sum(page_views), 0)::int as page_views, coalesce(sum(home_views), 0)::int as home_views,
               coalesce(sum(interactions), 0)::int as interactions
        from analytics_page_view_rollups where ${inBuckets(c)})
      select coalesce(sum(sessions), 0)::int as sessions, coalesce(sum(duration), 0)::bigint as time,
             coalesce(sum(bounces), 0)::int as bounces, coalesce(sum(visitor_sessions), 0)::int as visitor_sessions,
             coalesce(sum(first_sessions), 0)::int as first_sessions,
             (select page_views from v) as page_views, (select home_views from v) as home_views,
             (select interactions from v) as interactions
      from analytics_session_rollups where ${inBuckets(c)}`.execute(db),
    edgeCounts(db, c),
    // With edges, the distinct visitors are counted on the rows (no zone in use today has any).
    wholeBuckets(c) ? pairsWithin(db, c) : visitorsFromRows(db, c),
  ]);
  const row = inner.rows[0]!;
  return {
    sessions: row.sessions + edges.sessions,
    time: row.time + edges.time,
    bounces: row.bounces + edges.bounces,
    pageViews: row.page_views + edges.pageViews,
    homeViews: row.home_views + edges.homeViews,
    interactions: row.interactions + edges.interactions,
    // A visitor's sessions in the range are a chain of consecutive sessions, so the visitors are the
    // sessions with a visitor id less the pairs of consecutive sessions inside the range; those who did not
    // come back had their first session ever in the range and not their second.
    ...('pairs' in visitors
      ? {
          visitors: row.visitor_sessions - visitors.pairs,
          returning: row.visitor_sessions - visitors.pairs - (row.first_sessions - visitors.second_pairs),
        }
      : visitors),
  };
}

async function edgeCounts(db: Db, c: RangeCut): Promise<Omit<CardCounts, 'visitors' | 'returning'>> {
  if (wholeBuckets(c)) return { sessions: 0, time: 0, bounces: 0, pageViews: 0, homeViews: 0, interactions: 0 };
  const [timings, views] = await Promise.all([
    edgeSessions(db, c),
    sql<{ page_views: number; home_views: number; interactions: number }>`
      select (select count(*)::int from page_views where ${ofCountedInEdges('page_views', 'timestamp', c)}) as page_views,
             (select count(*)::int from page_views where page_path = '/' and ${ofCountedInEdges('page_views', 'timestamp', c)}) as home_views,
             (select count(*)::int from app_interactions
              where ${interactionRow} and ${ofCountedInEdges('app_interactions', 'timestamp', c)}) as interactions`.execute(db),
  ]);
  const { page_views, home_views, interactions } = views.rows[0]!;
  return {
    sessions: timings.length,
    time: timings.reduce((sum, t) => sum + sessionDuration(t), 0),
    bounces: timings.filter(bounced).length,
    pageViews: page_views,
    homeViews: home_views,
    interactions,
  };
}

/** The sessions started in the cut's edges, with their timings, pages and interactions. */
const edgeSessions = async (db: Db, c: RangeCut) => (wholeBuckets(c) ? [] : sessionTimings(db, countedInEdges(c)));

/** Visitors with a session in the range, and those among them who had one before it or more than one in it. */
async function visitorsFromRows(db: Db, { start, end }: RangeCut): Promise<Pick<CardCounts, 'visitors' | 'returning'>> {
  const { rows } = await sql<{ visitors: number; returning: number }>`
    with v as (
      select visitor_id, count(*) as sessions from user_sessions
      where visitor_id is not null and start_time >= ${start} and start_time < ${end} and ${countedSession()} group by visitor_id)
    select count(*)::int as visitors,
           count(*) filter (where v.sessions > 1 or exists (
             select 1 from user_sessions p where p.visitor_id = v.visitor_id and p.start_time < ${start} and ${countedSession('p')}))::int as returning
    from v`.execute(db);
  return rows[0]!;
}

/**
 * The pairs of a visitor's consecutive sessions (p, q) with both starts in [start, end), and those whose p
 * is the visitor's first session. The range is split at UTC midnights into a partial first day, whole days
 * and a partial last day; pairs are read by UTC day where both ends fall in whole days and by 15-minute
 * bucket where an end falls in a partial day, so a read touches a few rows per day of the range.
 */
async function pairsWithin(db: Db, { start, end }: RangeCut): Promise<{ pairs: number; second_pairs: number }> {
  const [a1, b1] = wholeUtcDays(start, end);
  const { rows } = await sql<{ pairs: number; second_pairs: number }>`
    with within as (
      select pairs, second_pairs from analytics_return_pairs
      where fine_p and fine_q and p_at >= ${start} and p_at < ${a1} and (q_at < ${a1} or (q_at >= ${b1} and q_at < ${end}))
      union all
      select pairs, second_pairs from analytics_return_pairs
      where fine_p and not fine_q and p_at >= ${start} and p_at < ${a1} and q_at >= ${a1} and q_at < ${b1}
      union all
      select pairs, second_pairs from analytics_return_pairs
      where not fine_p and not fine_q and p_at >= ${a1} and p_at < ${b1} and q_at < ${b1}
      union all
      select pairs, second_pairs from analytics_return_pairs
      where not fine_p and fine_q and q_at >= ${b1} and q_at < ${end} and p_at >= ${a1})
    select coalesce(sum(pairs), 0)::int as pairs, coalesce(sum(second_pairs), 0)::int as second_pairs from within`.execute(db);
  return rows[0]!;
}

/** Sessions started in each hour of the day in the range's zone; hours without any left out. */
export async function sessionsByHour(db: Db, range: DateRange, rollups = true): Promise<{ hour: number; sessions: number }[]> {
  const c = cut(range, rollups);
  const hour = (column: string) => sql`extract(hour from ${sql.ref(column)} at time zone ${range.timeZone}::text)::int`;
  const { rows } = await sql<{ hour: number; sessions: number }>`
    select hour, sum(n)::int as sessions from (
      select ${hour('bucket')} as hour, sum(sessions) as n from analytics_session_rollups where ${inBuckets(c)} group by 1
      union all
      select ${hour('start_time')}, count(*) from user_sessions where ${countedInEdges(c)} group by 1) x
    group by 1 having sum(n) > 0`.execute(db);
  return rows;
}

/** The ten sources with most sessions ('direct' without a referrer). */
export async function topSources(db: Db, range: DateRange, rollups = true): Promise<{ source: string; sessions: number }[]> {
  const c = cut(range, rollups);
  const { rows } = await sql<{ source: string; sessions: number }>`
    select source, sum(n)::int as sessions from (
      select source, sum(sessions) as n from ${wholeBucketRows('analytics_source_rollups', c)} r group by 1
      union all
      select coalesce(parsed_referrer, 'direct'), count(*) from user_sessions where ${countedInEdges(c)} group by 1) x
    group by 1 having sum(n) > 0 order by sessions desc, source limit 10`.execute(db);
  return rows;
}

/** Views of each app viewed in the range. */
export async function appViews(db: Db, range: DateRange, rollups = true): Promise<{ app_id: string; count: number }[]> {
  const c = cut(range, rollups);
  const { rows } = await sql<{ app_id: string; count: number }>`
    select app_id, sum(n)::int as count from (
      select app_id, sum(views) as n from analytics_app_view_rollups where ${inBuckets(c)} group by 1
      union all
      select app_id, count(*) from app_interactions
      where app_id is not null and action_type = 'view' and ${ofCountedInEdges('app_interactions', 'timestamp', c)} group by 1) x
    group by 1 having sum(n) > 0`.execute(db);
  return rows;
}

/** Excluded sessions of one class and rule: how many started in the range, and their page views and interactions. */
export interface ExcludedRow {
  traffic_class: string;
  traffic_rule: string;
  sessions: number;
  events: number;
}

/** The sessions that do not count, per class and rule, started in the range. */
export async function excludedSessions(db: Db, range: DateRange, rollups = true): Promise<ExcludedRow[]> {
  const c = cut(range, rollups);
  const { rows } = await sql<ExcludedRow>`
    select traffic_class, traffic_rule, sum(n)::int as sessions, sum(e)::int as events from (
      select traffic_class, traffic_rule, sum(sessions) as n, sum(events) as e
      from ${wholeBucketRows('analytics_excluded_rollups', c)} r group by 1, 2
      union all
      select traffic_class, traffic_rule, count(*),
             sum(pages_viewed + (select count(*) from app_interactions i where i.session_id = s.session_id))
      from user_sessions s where ${inEdges('start_time', c)} and not (${countedSession('s')}) group by 1, 2) x
    group by 1, 2 having sum(n) > 0`.execute(db);
  return rows;
}

/** Visits per channel, most first (contracts/analytics/channels.ts; 'unknown' before a session's start arrived). */
export async function channels(db: Db, range: DateRange, rollups = true): Promise<ChannelVisits[]> {
  const c = cut(range, rollups);
  const [{ rows: inner }, { rows: edges }] = await Promise.all([
    sql<{ channel: ChannelVisits['channel']; visits: number }>`
      select channel, sum(sessions)::int as visits from ${wholeBucketRows('analytics_channel_rollups', c)} r
      group by 1 having sum(sessions) > 0`.execute(db),
    // The channel rule is TypeScript: the edges' sessions are grouped by what it reads.
    sql<Parameters<typeof sessionChannel>[0] & { n: number }>`
      select traffic_type, parsed_referrer, utm_source, utm_medium, utm_campaign, gclid is not null as gclid,
             msclkid is not null as msclkid, fbclid is not null as fbclid, count(*)::int as n
      from user_sessions s where ${countedInEdges(c)} group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db),
  ]);
  const visits = new Map(inner.map((row) => [row.channel, row.visits]));
  for (const row of edges) {
    const channel = sessionChannel(row);
    visits.set(channel, (visits.get(channel) ?? 0) + row.n);
  }
  return [...visits]
    .map(([channel, n]) => ({ channel, visits: n }))
    .sort((a, b) => b.visits - a.visits || a.channel.localeCompare(b.channel));
}

/** The TOP_PAGES pages (paths) with most page views in the range, by the views' time. */
export async function topPages(db: Db, range: DateRange, rollups = true): Promise<PageCount[]> {
  const c = cut(range, rollups);
  const { rows } = await sql<PageCount>`
    select p.path as page, x.count from (
      select page_key, sum(n)::int as count from (
        select page_key, sum(views) as n from ${wholeBucketRows('analytics_page_rollups', c)} r group by 1
        union all
        select ${pageKey(sql`page_path`)}, count(*) from page_views where ${ofCountedInEdges('page_views', 'timestamp', c)} group by 1) y
      group by 1 having sum(n) > 0) x
    join analytics_pages p on p.page_key = x.page_key
    order by x.count desc, p.path collate "C" limit ${TOP_PAGES}`.execute(db);
  return rows;
}

/** The TOP_PAGES pages most visits of the range entered on, and left from (visits by their start). */
export async function entryExitPages(db: Db, range: DateRange, rollups = true): Promise<{ entry: PageCount[]; exit: PageCount[] }> {
  const c = cut(range, rollups);
  const [{ rows }, edges] = await Promise.all([
    sql<{ page_key: number; entries: number; exits: number }>`
      select page_key, sum(entries)::int as entries, sum(exits)::int as exits
      from ${wholeBucketRows('analytics_entry_exit_rollups', c)} r group by 1`.execute(db),
    edgeSessions(db, c),
  ]);
  const counts = new Map(rows.map((row) => [row.page_key, { entries: row.entries, exits: row.exits }]));
  const add = (key: number | null, kind: 'entries' | 'exits') => {
    if (key === null) return;
    const count = counts.get(key) ?? { entries: 0, exits: 0 };
    count[kind] += 1;
    counts.set(key, count);
  };
  for (const session of edges) {
    add(session.entryKey, 'entries');
    add(session.exitKey, 'exits');
  }
  // The TOP_PAGES with most, ties by path: every page tied with the last place is named before the cut.
  const top = async (kind: 'entries' | 'exits') => {
    const rows = [...counts].map(([page_key, count]) => ({ page_key, count: count[kind] })).filter((row) => row.count > 0);
    const last = rows.map((row) => row.count).sort((a, b) => b - a)[TOP_PAGES - 1] ?? 0;
    return ranked(
      await named(
        db,
        rows.filter((row) => row.count >= last),
      ),
    ).slice(0, TOP_PAGES);
  };
  const [entry, exit] = await Promise.all([top('entries'), top('exits')]);
  return { entry, exit };
}

/** Page keys with their paths. */
async function named(db: Db, rows: readonly { page_key: number; count: number }[]): Promise<PageCount[]> {
  if (rows.length === 0) return [];
  const keys = [...new Set(rows.map((row) => row.page_key))];
  const { rows: paths } = await sql<{ page_key: number; page: string }>`
    select page_key, path as page from analytics_pages where page_key = any(${keys}::bigint[])`.execute(db);
  const byKey = new Map(paths.map((row) => [row.page_key, row.page]));
  return rows.map((row) => ({ page: byKey.get(row.page_key) ?? '', count: row.count }));
}

/** Most first, then by path. */
const ranked = (rows: PageCount[]) => rows.sort((a, b) => b.count - a.count || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
