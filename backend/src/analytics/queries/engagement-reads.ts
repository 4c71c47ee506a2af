/**
 * What the engagement figures are computed from, two ways that give the same answers: the rollups
 * (projections/rollups.ts), which cost the same whatever the traffic, and the visits rows, which a range
 * that is not whole 15-minute buckets still needs (no time zone in use today makes one).
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { inWholeBuckets, UTC_DAY_MS } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { sessionDuration } from '../metrics/session-duration.js';
import { sessionTimings } from '../metrics/session-timings.js';

/** The counts behind the cards: sessions, their seconds and pages, home page views, visitors and those who came back. */
export interface CardCounts {
  sessions: number;
  time: number;
  pages: number;
  homeViews: number;
  visitors: number;
  returning: number;
}

type HourRow = { hour: number; sessions: number };
type SourceRow = { source: string; sessions: number };
type AppViewRow = { app_id: string; count: number };

export interface EngagementReads {
  cardCounts(db: Db, range: DateRange): Promise<CardCounts>;
  /** Sessions started in each hour of the day in the range's zone; hours without any left out. */
  sessionsByHour(db: Db, range: DateRange): Promise<HourRow[]>;
  /** The ten sources with most sessions ('direct' without a referrer). */
  topSources(db: Db, range: DateRange): Promise<SourceRow[]>;
  /** Views of each app viewed in the range. */
  appViews(db: Db, range: DateRange): Promise<AppViewRow[]>;
}

export const engagementReads = (range: DateRange): EngagementReads => (inWholeBuckets(range) ? fromRollups : fromRows);

export const fromRows: EngagementReads = {
  async cardCounts(db, { start, end }) {
    const inRange = sql`start_time >= ${start} and start_time < ${end}`;
    const [timings, visitors, homeViews] = await Promise.all([
      sessionTimings(db, inRange),
      sql<{ visitors: number; returning: number }>`
        with v as (
          select visitor_id, count(*) as sessions from user_sessions
          where visitor_id is not null and ${inRange} group by visitor_id)
        select count(*)::int as visitors,
               count(*) filter (where v.sessions > 1 or exists (
                 select 1 from user_sessions p where p.visitor_id = v.visitor_id and p.start_time < ${start}))::int as returning
        from v`.execute(db),
      sql<{ n: number }>`
        select count(*)::int as n from page_views
        where page_path = '/' and timestamp >= ${start} and timestamp < ${end}`.execute(db),
    ]);
    return {
      sessions: timings.length,
      time: timings.reduce((sum, t) => sum + sessionDuration(t), 0),
      pages: timings.reduce((sum, t) => sum + t.pages, 0),
      homeViews: homeViews.rows[0]!.n,
      visitors: visitors.rows[0]!.visitors,
      returning: visitors.rows[0]!.returning,
    };
  },

  async sessionsByHour(db, { start, end, timeZone }) {
    const { rows } = await sql<HourRow>`
      select extract(hour from start_time at time zone ${timeZone}::text)::int as hour, count(*)::int as sessions
      from user_sessions where start_time >= ${start} and start_time < ${end} group by 1`.execute(db);
    return rows;
  },

  async topSources(db, { start, end }) {
    const { rows } = await sql<SourceRow>`
      select coalesce(parsed_referrer, 'direct') as source, count(*)::int as sessions
      from user_sessions where start_time >= ${start} and start_time < ${end}
      group by 1 order by sessions desc, source limit 10`.execute(db);
    return rows;
  },

  async appViews(db, { start, end }) {
    const { rows } = await sql<AppViewRow>`
      select app_id, count(*)::int as count from app_interactions
      where app_id is not null and action_type = 'view' and timestamp >= ${start} and timestamp < ${end}
      group by app_id`.execute(db);
    return rows;
  },
};

export const fromRollups: EngagementReads = {
  async cardCounts(db, range) {
    const { start, end } = range;
    const { rows } = await sql<{
      sessions: number;
      time: number;
      pages: number;
      visitor_sessions: number;
      first_sessions: number;
      home_views: number;
    }>`
      with s as (
        select coalesce(sum(sessions), 0)::int as sessions, coalesce(sum(duration), 0)::bigint as time,
               coalesce(sum(pages), 0)::bigint as pages, coalesce(sum(visitor_sessions), 0)::int as visitor_sessions,
               coalesce(sum(first_sessions), 0)::int as first_sessions
        from analytics_session_rollups where bucket >= ${start} and bucket < ${end}),
      p as (
        select coalesce(sum(home_views), 0)::int as home_views
        from analytics_page_view_rollups where bucket >= ${start} and bucket < ${end})
      select * from s, p`.execute(db);
    const row = rows[0]!;
    const pairs = await pairsWithin(db, range);
    // A visitor's sessions in the range are a chain of consecutive sessions: one visitor per session less
    // the pairs inside the range. Those who did not come back had their first session in it and no second.
    const visitors = row.visitor_sessions - pairs.pairs;
    const oneTime = row.first_sessions - pairs.second_pairs;
    return {
      sessions: row.sessions,
      time: row.time,
      pages: row.pages,
      homeViews: row.home_views,
      visitors,
      returning: visitors - oneTime,
    };
  },

  async sessionsByHour(db, { start, end, timeZone }) {
    const { rows } = await sql<HourRow>`
      select extract(hour from bucket at time zone ${timeZone}::text)::int as hour, sum(sessions)::int as sessions
      from analytics_session_rollups where bucket >= ${start} and bucket < ${end}
      group by 1 having sum(sessions) > 0`.execute(db);
    return rows;
  },

  async topSources(db, { start, end }) {
    const { rows } = await sql<SourceRow>`
      select source, sum(sessions)::int as sessions
      from analytics_source_rollups where bucket >= ${start} and bucket < ${end}
      group by 1 having sum(sessions) > 0 order by sessions desc, source limit 10`.execute(db);
    return rows;
  },

  async appViews(db, { start, end }) {
    const { rows } = await sql<AppViewRow>`
      select app_id, sum(views)::int as count from analytics_app_view_rollups
      where bucket >= ${start} and bucket < ${end} group by app_id having sum(views) > 0`.execute(db);
    return rows;
  },
};

/**
 * The pairs of a visitor's consecutive sessions (p, q) with both starts in [start, end), and those whose p
 * is the visitor's first session. The range is split at UTC midnights into a partial first day, whole days
 * and a partial last day; pairs are read by UTC day where both ends fall in whole days and by 15-minute
 * bucket where an end falls in a partial day, so a read touches a few rows per day of the range.
 */
async function pairsWithin(db: Db, { start, end }: DateRange): Promise<{ pairs: number; second_pairs: number }> {
  const a = start.getTime();
  const b = end.getTime();
  let firstMidnight = Math.ceil(a / UTC_DAY_MS) * UTC_DAY_MS;
  let lastMidnight = Math.floor(b / UTC_DAY_MS) * UTC_DAY_MS;
  // Within one UTC day (or across one midnight with no whole day): all of it is the partial first day.
  if (firstMidnight > lastMidnight) firstMidnight = lastMidnight = b;
  const [a0, a1, b1, b0] = [a, firstMidnight, lastMidnight, b].map((ms) => new Date(ms));
  const { rows } = await sql<{ pairs: number; second_pairs: number }>`
    with within as (
      select pairs, second_pairs from analytics_return_pairs
      where fine_p and fine_q and p_at >= ${a0} and p_at < ${a1} and (q_at < ${a1} or (q_at >= ${b1} and q_at < ${b0}))
      union all
      select pairs, second_pairs from analytics_return_pairs
      where fine_p and not fine_q and p_at >= ${a0} and p_at < ${a1} and q_at >= ${a1} and q_at < ${b1}
      union all
      select pairs, second_pairs from analytics_return_pairs
      where not fine_p and not fine_q and p_at >= ${a1} and p_at < ${b1} and q_at < ${b1}
      union all
      select pairs, second_pairs from analytics_return_pairs
      where not fine_p and fine_q and q_at >= ${b1} and q_at < ${b0} and p_at >= ${a1})
    select coalesce(sum(pairs), 0)::int as pairs, coalesce(sum(second_pairs), 0)::int as second_pairs from within`.execute(db);
  return rows[0]!;
}
