import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { dailySeries } from './dashboard-reads.js';
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
