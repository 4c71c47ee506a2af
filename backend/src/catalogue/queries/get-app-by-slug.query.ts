import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { App } from '../../../../contracts/catalogue/app.js';
import { selectActiveApps, toApp } from './app.view.js';

export class GetAppBySlug extends Query<App> {
  constructor(readonly slug: string) {
    super();
  }
}

@QueryHandler(GetAppBySlug)
export class GetAppBySlugHandler implements IQueryHandler<GetAppBySlug> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ slug }: GetAppBySlug): Promise<App> {
    const key = slug.toLowerCase();
    return this.cache.readCounted(`app:${key}`, async () => {
      const app = await selectActiveApps(this.db).where('slug', '=', key).executeTakeFirst();
      if (!app) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
      return toApp(app);
    });
  }
}
