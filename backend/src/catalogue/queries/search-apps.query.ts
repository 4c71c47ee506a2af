import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { AppSummary } from '../../../../contracts/catalogue/app.js';
import { selectActiveAppSummaries } from './app.view.js';

export const EMPTY_SEARCH_RESULTS = 12;
const MAX_RESULTS = 50;

/** Case-insensitive match on name, description or category; an empty search gives the top 12 apps. */
export class SearchApps extends Query<AppSummary[]> {
  constructor(readonly text: string) {
    super();
  }
}

@QueryHandler(SearchApps)
export class SearchAppsHandler implements IQueryHandler<SearchApps> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ text }: SearchApps): Promise<AppSummary[]> {
    // ILIKE ignores case: one entry per term whatever its case.
    const term = text.trim().toLowerCase();
    return this.cache.readCounted(`search:${term}`, () => this.search(term));
  }

  private search(term: string): Promise<AppSummary[]> {
    if (!term) return selectActiveAppSummaries(this.db).limit(EMPTY_SEARCH_RESULTS).execute();
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return selectActiveAppSummaries(this.db)
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern), eb('category', 'ilike', pattern)]))
      .limit(MAX_RESULTS)
      .execute();
  }
}
