import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';
import type { Db } from '../../shared/db/tables.js';
import type { Category } from '../../../../contracts/catalogue/app.js';
import { STANDARD_CATEGORIES } from '../../../../contracts/catalogue/fields.js';
import { slugify } from '../app/app.fields.js';

/** The standard categories (even when empty) and every category an active app uses, with its app count. */
export class ListCategories extends Query<Category[]> {}

@QueryHandler(ListCategories)
export class ListCategoriesHandler implements IQueryHandler<ListCategories> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute(): Promise<Category[]> {
    return this.cache.read('categories', () => listCategories(this.db));
  }
}

export async function listCategories(db: Db): Promise<Category[]> {
  const used = await db
    .selectFrom('apps')
    .select((eb) => ['category_slug as slug', eb.fn.min('category').as('name'), eb.fn.countAll<number>().as('count')])
    .where('is_active', '=', true)
    .groupBy('category_slug')
    .execute();
  const bySlug = new Map<string, Category>(STANDARD_CATEGORIES.map((name) => [slugify(name), { name, slug: slugify(name), count: 0 }]));
  for (const row of used) bySlug.set(row.slug, { name: bySlug.get(row.slug)?.name ?? row.name, slug: row.slug, count: row.count });
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
}
