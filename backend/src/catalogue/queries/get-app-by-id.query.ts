import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import type { Db } from '../../shared/db/tables.js';
import type { App } from '../../../../contracts/catalogue/app.js';
import { selectAllApps, toApp } from './app.view.js';

/** One app by id, active or not (the admin's edit form). */
export class GetAppById extends Query<App> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAppById)
export class GetAppByIdHandler implements IQueryHandler<GetAppById> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ id }: GetAppById): Promise<App> {
    const app = await selectAllApps(this.db).where('apps.id', '=', id).executeTakeFirst();
    if (!app) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
    return toApp(app);
  }
}
