import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ExpressionBuilder } from 'kysely';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db, Tables } from '../../shared/db/tables.js';
import type { AppListQuery, AppPage } from '../../../../contracts/catalogue/app.js';
import { TRYABLE_STATUSES } from '../../../../contracts/catalogue/fields.js';
import { selectActiveAppSummaries } from './app.view.js';

/** Which page of which active apps: GET /api/apps's query, or a category page's. */
export type AppListFilter = Pick<AppListQuery, 'page' | 'pageSize' | 'sort' | 'category'> & { featured?: boolean; ready?: boolean };

/** A page of the active apps, by name or most viewed first; of one category, featured or not, ready to try. */
export class ListAppsPage extends Query<AppPage> {
  constructor(readonly filter: AppListFilter) {
    super();
  }
}

@QueryHandler(ListAppsPage)
export class ListAppsPageHandler implements IQueryHandler<ListAppsPage> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute({ filter }: ListAppsPage): Promise<AppPage> {
    const { page, pageSize, sort, category, featured, ready } = filter;
    const key = `apps-page:${page}:${pageSize}:${sort}:${category ?? ''}:${featured ?? ''}:${ready ?? ''}`;
    return this.cache.readCounted(key, () => pageOfApps(this.db, filter));
  }
}

/**
 * One page (offset paging over a stable order: views or name, then id) and the counts a pager needs: every
 * active app (`total`) and those the filter keeps (`filtered`). The page size is bounded by the query schema.
 */
export async function pageOfApps(db: Db, { page, pageSize, sort, category, featured, ready }: AppListFilter): Promise<AppPage> {
  const matches = (eb: ExpressionBuilder<Tables, 'apps'>) =>
    eb.and([
      ...(category === undefined ? [] : [eb('apps.category_slug', '=', category.toLowerCase())]),
      ...(featured === undefined ? [] : [eb('apps.featured', '=', featured)]),
      ...(ready
        ? [
            eb('apps.development_status', 'in', TRYABLE_STATUSES),
            eb('apps.app_url', 'is not', null),
            eb('apps.app_url', '<>', ''),
            eb('apps.status_link_enabled', '=', true),
          ]
        : []),
    ]);
  let query = selectActiveAppSummaries(db).where(matches);
  query = sort === 'name' ? query.clearOrderBy().orderBy('apps.name').orderBy('apps.id') : query.orderBy('apps.id');
  const [items, counts] = await Promise.all([
    query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('apps')
      .where('apps.is_active', '=', true)
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere(matches(eb)).as('filtered')])
      .executeTakeFirstOrThrow(),
  ]);
  return { items, page, pageSize, total: Number(counts.total), filtered: Number(counts.filtered) };
}
