import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { inWholeBuckets } from '../metrics/buckets.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
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
    return orEmpty('utm-campaigns', [], () => utmCampaigns(this.db, range, inWholeBuckets(range)));
  }
}

/** From the rollups (whole 15-minute buckets, sessions with a UTM field only), or from the rows. */
export async function utmCampaigns(db: Db, { start, end }: DateRange, fromRollups: boolean): Promise<UtmCampaigns> {
  const { rows } = await (fromRollups
    ? sql<UtmCampaigns[number]>`
        select utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(sessions)::int as sessions
        from analytics_campaign_rollups where bucket >= ${start} and bucket < ${end}
        group by 1, 2, 3 having sum(sessions) > 0
        order by sessions desc, source nulls last, medium nulls last, campaign nulls last
        limit 100`
    : sql<UtmCampaigns[number]>`
        select utm_source as source, utm_medium as medium, utm_campaign as campaign, count(*)::int as sessions
        from user_sessions
        where start_time >= ${start} and start_time < ${end}
          and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
        group by 1, 2, 3
        order by sessions desc, source nulls last, medium nulls last, campaign nulls last
        limit 100`
  ).execute(db);
  return rows;
}
