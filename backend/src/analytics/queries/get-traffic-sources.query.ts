import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { trafficSources } from './dashboard-reads.js';
import type { TrafficSources } from '../../../../contracts/analytics/dashboard.js';

/** Sessions per traffic type and source for the analytics panel, most first; at most 100 rows. */
export class GetTrafficSources extends Query<TrafficSources> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetTrafficSources)
export class GetTrafficSourcesHandler implements IQueryHandler<GetTrafficSources> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range }: GetTrafficSources): Promise<TrafficSources> {
    return orEmpty('traffic-sources', [], () => trafficSources(this.db, range));
  }
}
