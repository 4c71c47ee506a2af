import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
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
    return orEmpty('daily', [], async () => {
      const { rows } = await sql<DailySeries[number]>`
        with days as (
          select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d),
        s as (
          select (start_time at time zone ${range.timeZone}::text)::date as day, count(*)::int as n from user_sessions
          where start_time >= ${range.start} and start_time < ${range.end} group by 1),
        p as (
          select (timestamp at time zone ${range.timeZone}::text)::date as day, count(*)::int as n from page_views
          where timestamp >= ${range.start} and timestamp < ${range.end} group by 1)
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sessions, coalesce(p.n, 0) as "pageViews"
        from days left join s on s.day = days.day left join p on p.day = days.day
        order by days.day`.execute(this.db);
      return rows;
    });
  }
}
