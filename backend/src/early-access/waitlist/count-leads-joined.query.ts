import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { countInPeriods, type PeriodCounts } from '../../shared/db/count-in-periods.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** Leads that joined the waitlist (confirmed or not, deleted ones gone) in consecutive periods; see countInPeriods. */
export class CountLeadsJoined extends Query<PeriodCounts> {
  constructor(readonly bounds: readonly Date[]) {
    super();
  }
}

@QueryHandler(CountLeadsJoined)
export class CountLeadsJoinedHandler implements IQueryHandler<CountLeadsJoined> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ bounds }: CountLeadsJoined): Promise<PeriodCounts> {
    return countInPeriods(this.db, 'leads', 'created_at', bounds);
  }
}
