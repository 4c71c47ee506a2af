/**
 * The admin's apps table and App Links, a page at a time (contracts/paging.ts): every app, deactivated ones
 * too, searched by name or category, by name, views or newest; with the catalogue's figures (active and
 * inactive apps, views of the active ones), which the dashboard's Total Apps and Total Views read.
 */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { AdminAppListQuery, AdminAppPage } from '../../../../contracts/catalogue/app.js';
import { likeContaining } from '../../shared/db/like.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export class ListAdminApps extends Query<AdminAppPage> {
  constructor(readonly query: AdminAppListQuery) {
    super();
  }
}

@QueryHandler(ListAdminApps)
export class ListAdminAppsHandler implements IQueryHandler<ListAdminApps> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ query }: ListAdminApps): Promise<AdminAppPage> {
    const { page, pageSize, search, sort, state } = query;
    const filtered = this.db
      .selectFrom('apps')
      .leftJoin('app_views', 'app_views.app_id', 'apps.id')
      .$if(state !== 'all', (q) => q.where('apps.is_active', '=', state === 'active'))
      .$if(search !== undefined, (q) =>
        q.where((eb) => eb.or([eb('apps.name', 'ilike', likeContaining(search!)), eb('apps.category', 'ilike', likeContaining(search!))])),
      );
    const views = sql<number>`(apps.base_views + coalesce(app_views.views, 0))::int`;
    const ordered =
      sort === 'views'
        ? filtered.orderBy(views, 'desc').orderBy('apps.name').orderBy('apps.id')
        : sort === 'newest'
          ? filtered.orderBy('apps.created_at', 'desc').orderBy('apps.id')
          : filtered.orderBy('apps.name').orderBy('apps.id');
    const [items, count, figures] = await Promise.all([
      ordered
        .select([
          'apps.id',
          'apps.name',
          'apps.slug',
          'apps.category',
          'apps.is_active',
          'apps.featured',
          'apps.development_status',
          'apps.app_url',
          'apps.status_text',
          'apps.status_link_enabled',
          views.as('views'),
        ])
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('apps')
        .leftJoin('app_views', 'app_views.app_id', 'apps.id')
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where apps.is_active))::int`.as('active'),
          sql<number>`coalesce(sum(apps.base_views + coalesce(app_views.views, 0)) filter (where apps.is_active), 0)::bigint::float8`.as(
            'activeViews',
          ),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items,
      page,
      pageSize,
      total: figures.total,
      filtered: Number(count.n),
      active: figures.active,
      inactive: figures.total - figures.active,
      activeViews: figures.activeViews,
    };
  }
}
