import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { cut } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { inBuckets, inEdges } from './range-cut.js';
import type { UtmCampaigns } from '../../../../contracts/analytics/dashboard.js';

/** Sessions per UTM source / medium / campaign (sessions with none of the three left out), most first; at most 100 rows. */
export class GetUtmCampaigns extends Query<UtmCampaigns> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetUtmCampaigns)
export class GetUtmCampaignsHandler implements IQueryHandler<GetUtmCampaigns> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range }: GetUtmCampaigns): Promise<UtmCampaigns> {
    return orEmpty('utm-campaigns', [], () => utmCampaigns(this.db, range));
  }
}

/** From the rollups and the range's partial edges (`rollups` false: from the rows alone, the same answer). */
export async function utmCampaigns(db: Db, range: DateRange, rollups = true): Promise<UtmCampaigns> {
  const c = cut(range, rollups);
  const { rows } = await sql<UtmCampaigns[number]>`
    select utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(n)::int as sessions from (
      select utm_source, utm_medium, utm_campaign, sum(sessions) as n from analytics_campaign_rollups
      where ${inBuckets(c)} group by 1, 2, 3
      union all
      select utm_source, utm_medium, utm_campaign, count(*) from user_sessions
      where ${inEdges('start_time', c)} and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
      group by 1, 2, 3) x
    group by 1, 2, 3 having sum(n) > 0
    order by sessions desc, source nulls last, medium nulls last, campaign nulls last
    limit 100`.execute(db);
  return rows;
}
