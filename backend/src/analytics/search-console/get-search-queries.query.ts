import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import type { SearchQueries } from '../../../../contracts/analytics/dashboard.js';

/**
 * The spec's `get-data`: top search queries over the periods recorded wholly inside the range, most
 * clicked first (then most seen).
 */
export class GetSearchQueries extends Query<SearchQueries> {
  constructor(
    readonly range: DateRange,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(GetSearchQueries)
export class GetSearchQueriesHandler implements IQueryHandler<GetSearchQueries> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range, limit }: GetSearchQueries): Promise<SearchQueries> {
    return orEmpty('search-queries', { topQueries: [] }, async () => {
      const { rows } = await sql<SearchQueries['topQueries'][number]>`
        select query,
               sum(impressions)::int as "totalImpressions",
               sum(clicks)::int as "totalClicks",
               case when sum(impressions) > 0 then round(sum(clicks) * 100.0 / sum(impressions), 2)::float8 else 0 end as ctr,
               case when sum(impressions) > 0 then round((sum(position * impressions) / sum(impressions))::numeric, 1)::float8
                    else round(avg(position)::numeric, 1)::float8 end as "avgPosition"
        from search_query_stats
        where start_date >= ${range.from}::date and end_date <= ${range.to}::date
        group by query
        order by "totalClicks" desc, "totalImpressions" desc, query
        limit ${limit}`.execute(this.db);
      return { topQueries: rows };
    });
  }
}
