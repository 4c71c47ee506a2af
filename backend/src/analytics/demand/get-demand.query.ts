import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DemandReport } from '../../../../contracts/analytics/demand.js';
import { ListCategories } from '../../catalogue/queries/list-categories.query.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { readDemand } from './read-demand.js';

/** The Demand tab for a range of UTC days (read-demand.ts), with the catalogue's categories for the thin ones. */
export class GetDemand extends Query<DemandReport> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetDemand)
export class GetDemandHandler implements IQueryHandler<GetDemand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  async execute({ range }: GetDemand): Promise<DemandReport> {
    const categories = await this.queries.execute(new ListCategories());
    return readDemand(this.db, range, categories);
  }
}
