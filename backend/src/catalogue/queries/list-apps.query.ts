import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { AppSummary } from '../../../../contracts/catalogue/app.js';
import { selectActiveAppSummaries } from './app.view.js';

/** Every active app by name; or only the featured ones. For the server's own use (the quiz's matching): the API sends pages (ListAppsPage). */
export class ListApps extends Query<AppSummary[]> {
  constructor(readonly filter: { featured?: boolean } = {}) {
    super();
  }
}

@QueryHandler(ListApps)
export class ListAppsHandler implements IQueryHandler<ListApps> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ filter }: ListApps): Promise<AppSummary[]> {
    let query = selectActiveAppSummaries(this.db).clearOrderBy().orderBy('name');
    if (filter.featured !== undefined) query = query.where('featured', '=', filter.featured);
    return this.cache.readCounted(`apps:${filter.featured ?? 'all'}`, () => query.execute());
  }
}
