import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { utmCampaigns } from './dashboard-reads.js';
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
