import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueCache } from './catalogue-cache.js';
import { CatalogueAdminController } from './catalogue-admin.controller.js';
import { CatalogueController } from './catalogue.controller.js';
import { AddAppHandler } from './commands/add-app.command.js';
import { ImportAppsHandler } from './commands/import-apps.command.js';
import { DeactivateAppHandler } from './commands/deactivate-app.command.js';
import { ReactivateAppHandler } from './commands/reactivate-app.command.js';
import { UpdateAppLinksHandler } from './commands/update-app-links.command.js';
import { UpdateAppHandler } from './commands/update-app.command.js';
import { RecordAppViewHandler } from './commands/record-app-view.command.js';
import { DemoCatalogueSeeder } from './demo/seed-demo-catalogue.js';
import { GoogleAdsController } from './google-ads/google-ads.controller.js';
import { CountCatalogueGrowthHandler } from './queries/count-catalogue-growth.query.js';
import { GetAppLabelsHandler } from './queries/get-app-labels.query.js';
import { GetCatalogueAppIdsHandler } from './queries/get-catalogue-app-ids.query.js';
import { GetAppByIdHandler } from './queries/get-app-by-id.query.js';
import { GetAppBySlugHandler } from './queries/get-app-by-slug.query.js';
import { GetCategoryHandler } from './queries/get-category.query.js';
import { GetSitemapEntriesHandler } from './queries/get-sitemap-entries.query.js';
import { GetTopAppsHandler } from './queries/get-top-apps.query.js';
import { ListAdminAppsHandler } from './queries/list-admin-apps.query.js';
import { ListAllAppsHandler } from './queries/list-all-apps.query.js';
import { ListAppsHandler } from './queries/list-apps.query.js';
import { ListAppsPageHandler } from './queries/list-apps-page.query.js';
import { ListCategoriesHandler } from './queries/list-categories.query.js';
import { SearchAppsHandler } from './queries/search-apps.query.js';

/** Apps and categories: the catalogue's commands, its read API and the demo catalogue. */
@Module({
  imports: [CqrsModule],
  controllers: [CatalogueController, CatalogueAdminController, GoogleAdsController],
  providers: [
    CatalogueCache,
    AddAppHandler,
    UpdateAppHandler,
    UpdateAppLinksHandler,
    DeactivateAppHandler,
    ReactivateAppHandler,
    ImportAppsHandler,
    RecordAppViewHandler,
    CountCatalogueGrowthHandler,
    ListAllAppsHandler,
    ListAdminAppsHandler,
    GetAppByIdHandler,
    GetAppLabelsHandler,
    GetCatalogueAppIdsHandler,
    GetTopAppsHandler,
    ListAppsHandler,
    ListAppsPageHandler,
    GetAppBySlugHandler,
    SearchAppsHandler,
    ListCategoriesHandler,
    GetCategoryHandler,
    GetSitemapEntriesHandler,
    DemoCatalogueSeeder,
  ],
})
export class CatalogueModule {}
