import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { AppSummary } from '../../../../contracts/catalogue/app.js';
import { selectActiveAppSummaries } from './app.view.js';

/** The most viewed active apps, a page at a time (the spec's default page is 10; the home page asks for 12). */
export class GetTopApps extends Query<AppSummary[]> {
  constructor(
    readonly limit = 10,
    readonly offset = 0,
  ) {
    super();
  }
}

@QueryHandler(GetTopApps)
export class GetTopAppsHandler implements IQueryHandler<GetTopApps> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ limit, offset }: GetTopApps): Promise<AppSummary[]> {
    return this.cache.readCounted(`top:${limit}:${offset}`, () => selectActiveAppSummaries(this.db).limit(limit).offset(offset).execute());
  }
}
