import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';

/**
 * The ids of every app of the catalogue, active or not: what another module checks an app id it was sent
 * against (the tracker's interactions). Kept by the catalogue's read cache, so a check costs a lookup.
 */
export class GetCatalogueAppIds extends Query<ReadonlySet<string>> {}

@QueryHandler(GetCatalogueAppIds)
export class GetCatalogueAppIdsHandler implements IQueryHandler<GetCatalogueAppIds> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute(): Promise<ReadonlySet<string>> {
    return this.cache.read('app-ids', async () => new Set((await this.db.selectFrom('apps').select('id').execute()).map((row) => row.id)));
  }
}
