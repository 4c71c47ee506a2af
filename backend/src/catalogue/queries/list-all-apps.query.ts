import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB } from '../../shared/kernel.module.js';
import type { Db } from '../../shared/db/tables.js';
import type { App } from '../../../../contracts/catalogue/app.js';
import { selectAllApps, toApp } from './app.view.js';

/** Every app, deactivated ones included, with every field, by name: what the Google Ads file is made from. */
export class ListAllApps extends Query<App[]> {}

@QueryHandler(ListAllApps)
export class ListAllAppsHandler implements IQueryHandler<ListAllApps> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<App[]> {
    const apps = await selectAllApps(this.db).clearOrderBy().orderBy('apps.name').orderBy('apps.id').execute();
    return apps.map(toApp);
  }
}
