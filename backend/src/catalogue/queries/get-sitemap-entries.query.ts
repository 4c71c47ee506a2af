import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { CatalogueCache } from '../catalogue-cache.js';

export interface SitemapEntries {
  apps: { slug: string; lastmod: Date }[];
  categories: { slug: string; lastmod: Date }[];
  /** The newest change in the catalogue (the home page's lastmod), or null when it is empty. */
  lastmod: Date | null;
}

/**
 * Every active app and every category that has one, with the time of its last change (from the events).
 * A category's and the home page's time also count apps deactivated since: removing one changes them too.
 */
export class GetSitemapEntries extends Query<SitemapEntries> {}

@QueryHandler(GetSitemapEntries)
export class GetSitemapEntriesHandler implements IQueryHandler<GetSitemapEntries> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: CatalogueCache,
  ) {}

  execute(): Promise<SitemapEntries> {
    return this.cache.read('sitemap', () => this.entries());
  }

  private async entries(): Promise<SitemapEntries> {
    const apps = await this.db.selectFrom('apps').select(['slug', 'category_slug', 'updated_at', 'is_active']).orderBy('slug').execute();
    const active = apps.filter((app) => app.is_active);
    const liveCategories = new Set(active.map((app) => app.category_slug));
    const categories = new Map<string, Date>();
    for (const app of apps.filter((a) => liveCategories.has(a.category_slug))) {
      const seen = categories.get(app.category_slug);
      if (!seen || seen < app.updated_at) categories.set(app.category_slug, app.updated_at);
    }
    return {
      apps: active.map((app) => ({ slug: app.slug, lastmod: app.updated_at })),
      categories: [...categories].sort(([a], [b]) => a.localeCompare(b)).map(([slug, lastmod]) => ({ slug, lastmod })),
      lastmod: apps.reduce<Date | null>((latest, app) => (!latest || latest < app.updated_at ? app.updated_at : latest), null),
    };
  }
}
