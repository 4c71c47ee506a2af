import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  CARD_FIGURES,
  type CardFigure,
  type EngagementMetrics as EngagementMetricsView,
} from '../../../../contracts/analytics/engagement.js';
import { figureChangeSchema, periodSchema } from '../../../../contracts/analytics/dashboard.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { periodOf, previousRange, type DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { average, figureChanges, quizCompletionRate, userReturnRate } from '../metrics/formulas.js';
import { sessionDuration, type SessionTiming } from '../metrics/session-duration.js';
import { GetAppLabels } from '../../catalogue/queries/get-app-labels.query.js';
import { CountQuizResults } from '../../early-access/quiz/quiz-results.query.js';

const hourRow = z.object({ hour: z.number().int().min(0).max(23), sessions: z.number().int() });

export const engagementMetricsSchema = z.object({
  period: periodSchema,
  totalSessions: z.number().int(),
  avgTimeOnSite: z.number().describe('Seconds, rounded: the mean session duration (first event to last, the last page included)'),
  avgPagesPerSession: z.number().describe('One decimal'),
  quizCompletionRate: z.number().describe('Quiz results / home page views × 100, one decimal'),
  topCategories: z.array(z.object({ category: z.string(), count: z.number().int() })).describe('Top 5, by views of their apps'),
  peakHours: z.array(hourRow).describe("Top 6, hours in the period's time zone"),
  sessionsByHour: z.array(hourRow).length(24).describe("Sessions started in each hour 0–23 in the period's time zone, zeros included"),
  trafficSources: z.array(z.object({ source: z.string(), sessions: z.number().int() })).describe("Top 10; 'direct' when no referrer"),
  userReturnRate: z.number().describe('Percent of the visitors in the range who had a session before it or more than one in it'),
  changes: z
    .object(Object.fromEntries(CARD_FIGURES.map((figure) => [figure, figureChangeSchema])) as Record<CardFigure, typeof figureChangeSchema>)
    .describe('Against the previous period; previous is null when it had no sessions'),
});

type CardFigures = Pick<EngagementMetricsView, CardFigure>;

const ZERO_FIGURES: CardFigures = { totalSessions: 0, avgTimeOnSite: 0, avgPagesPerSession: 0, quizCompletionRate: 0, userReturnRate: 0 };

/** What the dashboard shows when the figures cannot be read (spec §8): zeros, every hour present. */
export function zeroMetrics(range: DateRange): EngagementMetricsView {
  return {
    period: periodOf(range),
    ...ZERO_FIGURES,
    topCategories: [],
    peakHours: [],
    sessionsByHour: byHour([]),
    trafficSources: [],
    changes: changes(ZERO_FIGURES, null),
  };
}

/**
 * The dashboard's engagement figures for a range of days in the admin's zone (sessions by start time,
 * events by time), and the cards' figures for the previous range of the same length.
 */
export class GetEngagementMetrics extends Query<EngagementMetricsView> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetEngagementMetrics)
export class GetEngagementMetricsHandler implements IQueryHandler<GetEngagementMetrics> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  execute({ range }: GetEngagementMetrics): Promise<EngagementMetricsView> {
    return orEmpty('engagement', zeroMetrics(range), () => this.compute(range));
  }

  private async compute(range: DateRange): Promise<EngagementMetricsView> {
    const { start, end, timeZone } = range;
    const inRange = sql`start_time >= ${start} and start_time < ${end}`;
    const previous = previousRange(range);
    const [figures, before, topCategories, hours, trafficSources] = await Promise.all([
      this.cardFigures(range),
      this.cardFigures(previous),
      this.topCategories(range),
      sql<{ hour: number; sessions: number }>`
        select extract(hour from start_time at time zone ${timeZone}::text)::int as hour, count(*)::int as sessions
        from user_sessions where ${inRange} group by 1`.execute(this.db),
      sql<{ source: string; sessions: number }>`
        select coalesce(parsed_referrer, 'direct') as source, count(*)::int as sessions
        from user_sessions where ${inRange} group by 1 order by sessions desc, source limit 10`.execute(this.db),
    ]);
    return {
      period: periodOf(range),
      ...figures,
      topCategories,
      peakHours: [...hours.rows].sort((a, b) => b.sessions - a.sessions || a.hour - b.hour).slice(0, 6),
      sessionsByHour: byHour(hours.rows),
      trafficSources: trafficSources.rows,
      changes: changes(figures, before.totalSessions > 0 ? before : null),
    };
  }

  /** The figures of the cards for one range. */
  private async cardFigures(range: DateRange): Promise<CardFigures> {
    const { start, end } = range;
    const inRange = sql`start_time >= ${start} and start_time < ${end}`;
    const [timings, visitors, homeViews, quizResults] = await Promise.all([
      sessionTimings(this.db, inRange),
      sql<{ visitors: number; returning: number }>`
        with v as (
          select visitor_id, count(*) as sessions from user_sessions
          where visitor_id is not null and ${inRange} group by visitor_id)
        select count(*)::int as visitors,
               count(*) filter (where v.sessions > 1 or exists (
                 select 1 from user_sessions p where p.visitor_id = v.visitor_id and p.start_time < ${start}))::int as returning
        from v`.execute(this.db),
      sql<{ n: number }>`
        select count(*)::int as n from page_views
        where page_path = '/' and timestamp >= ${start} and timestamp < ${end}`.execute(this.db),
      this.queries.execute(new CountQuizResults(start, end)),
    ]);
    const sessions = timings.length;
    const time = timings.reduce((sum, t) => sum + sessionDuration(t), 0);
    const pages = timings.reduce((sum, t) => sum + t.pages, 0);
    return {
      totalSessions: sessions,
      avgTimeOnSite: average(time, sessions),
      avgPagesPerSession: average(pages, sessions, 1),
      quizCompletionRate: quizCompletionRate(quizResults, homeViews.rows[0]!.n),
      userReturnRate: userReturnRate(visitors.rows[0]!.visitors, visitors.rows[0]!.returning),
    };
  }

  /**
   * The five categories whose apps were viewed most: views (not clicks, shares or quiz steps) counted here,
   * categories asked of the catalogue. The dashboard labels the figures "views".
   */
  private async topCategories({ start, end }: DateRange): Promise<{ category: string; count: number }[]> {
    const { rows } = await sql<{ app_id: string; count: number }>`
      select app_id, count(*)::int as count from app_interactions
      where app_id is not null and action_type = 'view' and timestamp >= ${start} and timestamp < ${end}
      group by app_id`.execute(this.db);
    const apps = await this.queries.execute(new GetAppLabels(rows.map((row) => row.app_id)));
    const counts = new Map<string, number>();
    for (const { app_id, count } of rows) {
      const category = apps.get(app_id)?.category;
      if (category !== undefined) counts.set(category, (counts.get(category) ?? 0) + count);
    }
    return [...counts]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
      .slice(0, 5);
  }
}

/** Each session of the range with its pages viewed and the inputs of its duration (the rule is sessionDuration's). */
async function sessionTimings(db: Db, inRange: RawBuilder<unknown>): Promise<(SessionTiming & { pages: number })[]> {
  const { rows } = await sql<{ pages: number; first_at: number; last_at: number; page_at: number | null; page_seconds: number | null }>`
    with s as (select session_id, start_time, end_time, pages_viewed from user_sessions where ${inRange}),
    events as (
      select session_id, min(timestamp) as first_at, max(timestamp) as last_at from page_views
      where session_id in (select session_id from s) group by session_id
      union all
      select session_id, min(timestamp), max(timestamp) from app_interactions
      where session_id in (select session_id from s) group by session_id),
    last_page as (
      select distinct on (session_id) session_id, timestamp, time_on_page from page_views
      where session_id in (select session_id from s) order by session_id, timestamp desc, page_view_id desc)
    select s.pages_viewed as pages,
           extract(epoch from least(s.start_time, min(e.first_at)))::float8 * 1000 as first_at,
           extract(epoch from greatest(s.start_time, s.end_time, max(e.last_at)))::float8 * 1000 as last_at,
           extract(epoch from lp.timestamp)::float8 * 1000 as page_at, lp.time_on_page as page_seconds
    from s left join events e on e.session_id = s.session_id left join last_page lp on lp.session_id = s.session_id
    group by s.session_id, s.start_time, s.end_time, s.pages_viewed, lp.timestamp, lp.time_on_page`.execute(db);
  return rows.map((row) => ({
    pages: row.pages,
    firstEventAt: row.first_at,
    lastEventAt: row.last_at,
    lastPage: row.page_at === null ? null : { viewedAt: row.page_at, seconds: row.page_seconds },
  }));
}

/** Every hour of the day, 0 first, with its sessions (0 when none). */
function byHour(rows: readonly { hour: number; sessions: number }[]): { hour: number; sessions: number }[] {
  const counts = new Map(rows.map((row) => [row.hour, row.sessions]));
  return Array.from({ length: 24 }, (_, hour) => ({ hour, sessions: counts.get(hour) ?? 0 }));
}

function changes(now: CardFigures, before: CardFigures | null): EngagementMetricsView['changes'] {
  return figureChanges(CARD_FIGURES, now, (figure) => (before ? before[figure] : null));
}
