import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { cut } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { inBuckets, inEdges } from './range-cut.js';
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

/** From the rollups and the range's partial edges (`rollups` false: from the rows alone, the same answer). */
export async function trafficSources(db: Db, range: DateRange, rollups = true): Promise<TrafficSources> {
  const c = cut(range, rollups);
  const { rows } = await sql<TrafficSources[number]>`
    select traffic_type as "trafficType", source, sum(n)::int as sessions from (
      select traffic_type, source, sum(sessions) as n from analytics_source_rollups where ${inBuckets(c)} group by 1, 2
      union all
      select coalesce(traffic_type, 'unknown'), coalesce(parsed_referrer, 'direct'), count(*) from user_sessions
      where ${inEdges('start_time', c)} group by 1, 2) x
    group by 1, 2 having sum(n) > 0 order by sessions desc, 1, 2 limit 100`.execute(db);
  return rows;
}
