import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { countInPeriods, type PeriodCounts } from '../../shared/db/count-in-periods.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** Suggestions received in consecutive periods; see countInPeriods. */
export class CountSuggestions extends Query<PeriodCounts> {
  constructor(readonly bounds: readonly Date[]) {
    super();
  }
}

@QueryHandler(CountSuggestions)
export class CountSuggestionsHandler implements IQueryHandler<CountSuggestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ bounds }: CountSuggestions): Promise<PeriodCounts> {
    return countInPeriods(this.db, 'suggestions', 'created_at', bounds);
  }
}
