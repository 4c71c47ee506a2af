import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { EngagementMetrics as EngagementMetricsView } from '../../../../contracts/analytics/engagement.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { average, quizCompletionRate, userReturnRate } from '../metrics/formulas.js';
import { GetAppLabels } from '../../catalogue/queries/get-app-labels.query.js';
import { CountQuizResults } from '../../early-access/quiz/quiz-results.query.js';

export const engagementMetricsSchema = z.object({
  totalSessions: z.number().int(),
  avgTimeOnSite: z.number().describe('Seconds, rounded'),
  avgPagesPerSession: z.number().describe('One decimal'),
  quizCompletionRate: z.number().describe('Quiz results / home page views × 100, one decimal'),
  topCategories: z.array(z.object({ category: z.string(), count: z.number().int() })).describe('Top 5, by views of their apps'),
  peakHours: z.array(z.object({ hour: z.number().int().min(0).max(23), sessions: z.number().int() })).describe('Top 6, UTC'),
  trafficSources: z.array(z.object({ source: z.string(), sessions: z.number().int() })).describe("Top 10; 'direct' when no referrer"),
  userReturnRate: z.number().describe('Percent of the visitors in the range who had a session before it or more than one in it'),
});
export type EngagementMetrics = z.infer<typeof engagementMetricsSchema>;

export const ZERO_METRICS: EngagementMetrics = {
  totalSessions: 0,
  avgTimeOnSite: 0,
  avgPagesPerSession: 0,
  quizCompletionRate: 0,
  topCategories: [],
  peakHours: [],
  trafficSources: [],
  userReturnRate: 0,
};

/** The dashboard's engagement figures for a range of UTC days (sessions by start time, events by time). */
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
    return orEmpty('engagement', ZERO_METRICS, () => this.compute(range));
  }

  private async compute(range: DateRange): Promise<EngagementMetrics> {
    const { start, end } = range;
    const inRange = sql`start_time >= ${start} and start_time < ${end}`;
    const [totals, visitors, homeViews, quizResults, topCategories, peakHours, trafficSources] = await Promise.all([
      sql<{ sessions: number; time: number; pages: number }>`
        select count(*)::int as sessions, coalesce(sum(coalesce(time_on_site, 0)), 0)::float8 as time,
               coalesce(sum(pages_viewed), 0)::float8 as pages
        from user_sessions where ${inRange}`.execute(this.db),
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
      this.topCategories(range),
      sql<{ hour: number; sessions: number }>`
        select extract(hour from start_time at time zone 'UTC')::int as hour, count(*)::int as sessions
        from user_sessions where ${inRange} group by 1 order by sessions desc, hour limit 6`.execute(this.db),
      sql<{ source: string; sessions: number }>`
        select coalesce(parsed_referrer, 'direct') as source, count(*)::int as sessions
        from user_sessions where ${inRange} group by 1 order by sessions desc, source limit 10`.execute(this.db),
    ]);
    const { sessions, time, pages } = totals.rows[0]!;
    return {
      totalSessions: sessions,
      avgTimeOnSite: average(time, sessions),
      avgPagesPerSession: average(pages, sessions, 1),
      quizCompletionRate: quizCompletionRate(quizResults, homeViews.rows[0]!.n),
      topCategories,
      peakHours: peakHours.rows,
      trafficSources: trafficSources.rows,
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
