import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { countInPeriods, type PeriodCounts } from '../../shared/db/count-in-periods.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/**
 * Apps added (active or not: an app added and later deactivated was still added) and app views counted (each
 * view, bots and a client's views past its hourly allowance left out, as the views are counted) in consecutive
 * periods; see countInPeriods. Views from before views were timed count in no period.
 */
export class CountCatalogueGrowth extends Query<{ appsAdded: PeriodCounts; appViews: PeriodCounts }> {
  constructor(readonly bounds: readonly Date[]) {
    super();
  }
}

@QueryHandler(CountCatalogueGrowth)
export class CountCatalogueGrowthHandler implements IQueryHandler<CountCatalogueGrowth> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ bounds }: CountCatalogueGrowth) {
    const [appsAdded, appViews] = await Promise.all([
      countInPeriods(this.db, 'apps', 'created_at', bounds),
      countInPeriods(this.db, 'counted_app_views', 'viewed_at', bounds),
    ]);
    return { appsAdded, appViews };
  }
}
