import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { cut } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { inBuckets, inEdges } from './range-cut.js';
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
    return orEmpty('daily', [], () => dailySeries(this.db, range));
  }
}

/** From the rollups and the range's partial edges (`rollups` false: from the rows alone, the same answer). */
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
        select ${day('start_time')}, count(*) from user_sessions where ${inEdges('start_time', c)} group by 1) x
      group by 1),
    p as (
      select day, sum(n)::int as n from (
        select ${day('bucket')} as day, sum(page_views) as n from analytics_page_view_rollups where ${inBuckets(c)} group by 1
        union all
        select ${day('timestamp')}, count(*) from page_views where ${inEdges('timestamp', c)} group by 1) x
      group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sessions, coalesce(p.n, 0) as "pageViews"
    from days left join s on s.day = days.day left join p on p.day = days.day
    order by days.day`.execute(db);
  return rows;
}
