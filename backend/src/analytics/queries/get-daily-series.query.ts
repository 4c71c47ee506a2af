import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { inWholeBuckets } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import type { DailySeries } from '../../../../contracts/analytics/dashboard.js';

/** Sessions (by start) and page views per day of the range in its time zone, every day present (0 when quiet): chart data. */
export class GetDailySeries extends Query<DailySeries> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetDailySeries)
export class GetDailySeriesHandler implements IQueryHandler<GetDailySeries> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range }: GetDailySeries): Promise<DailySeries> {
    return orEmpty('daily', [], () => dailySeries(this.db, range, inWholeBuckets(range)));
  }
}

/** From the rollups (whole 15-minute buckets), or from the rows. */
export async function dailySeries(db: Db, range: DateRange, fromRollups: boolean): Promise<DailySeries> {
  const { start, end, timeZone } = range;
  const perDay = (table: string, time: string, count: string) => sql`
    select (${sql.ref(time)} at time zone ${timeZone}::text)::date as day, ${sql.raw(count)}::int as n from ${sql.table(table)}
    where ${sql.ref(time)} >= ${start} and ${sql.ref(time)} < ${end} group by 1`;
  const [sessions, pageViews] = fromRollups
    ? [perDay('analytics_session_rollups', 'bucket', 'sum(sessions)'), perDay('analytics_page_view_rollups', 'bucket', 'sum(page_views)')]
    : [perDay('user_sessions', 'start_time', 'count(*)'), perDay('page_views', 'timestamp', 'count(*)')];
  const { rows } = await sql<DailySeries[number]>`
    with days as (
      select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d),
    s as (${sessions}),
    p as (${pageViews})
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sessions, coalesce(p.n, 0) as "pageViews"
    from days left join s on s.day = days.day left join p on p.day = days.day
    order by days.day`.execute(db);
  return rows;
}
