import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { inWholeBuckets } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
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
    return orEmpty('traffic-sources', [], () => trafficSources(this.db, range, inWholeBuckets(range)));
  }
}

/** From the rollups (whole 15-minute buckets), or from the rows. */
export async function trafficSources(db: Db, { start, end }: DateRange, fromRollups: boolean): Promise<TrafficSources> {
  const { rows } = await (fromRollups
    ? sql<TrafficSources[number]>`
        select traffic_type as "trafficType", source, sum(sessions)::int as sessions
        from analytics_source_rollups where bucket >= ${start} and bucket < ${end}
        group by 1, 2 having sum(sessions) > 0 order by sessions desc, 1, 2 limit 100`
    : sql<TrafficSources[number]>`
        select coalesce(traffic_type, 'unknown') as "trafficType", coalesce(parsed_referrer, 'direct') as source,
               count(*)::int as sessions
        from user_sessions where start_time >= ${start} and start_time < ${end}
        group by 1, 2 order by sessions desc, 1, 2 limit 100`
  ).execute(db);
  return rows;
}
