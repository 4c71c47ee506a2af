import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { CategoryWithApps } from '../../../../contracts/catalogue/app.js';
import { CATALOGUE_PAGE_SIZE } from '../../../../contracts/catalogue/keys.js';
import { pageOfApps, type AppListFilter } from './list-apps-page.query.js';
import { listCategories } from './list-categories.query.js';

/** A category and a page of its active apps, most viewed first. */
export class GetCategory extends Query<CategoryWithApps> {
  constructor(
    readonly slug: string,
    readonly page: Pick<AppListFilter, 'page' | 'pageSize'> = { page: 1, pageSize: CATALOGUE_PAGE_SIZE },
  ) {
    super();
  }
}

@QueryHandler(GetCategory)
export class GetCategoryHandler implements IQueryHandler<GetCategory> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ slug, page: { page, pageSize } }: GetCategory): Promise<CategoryWithApps> {
    const key = slug.toLowerCase();
    return this.cache.readCounted(`category:${key}:${page}:${pageSize}`, async () => {
      const category = (await listCategories(this.db)).find((c) => c.slug === key);
      if (!category) throw new NotFoundError('CATALOGUE.CATEGORY_NOT_FOUND', 'Category Not Found');
      const apps = await pageOfApps(this.db, { category: category.slug, sort: 'popular', page, pageSize });
      return { category, apps };
    });
  }
}
