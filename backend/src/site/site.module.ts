import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SiteAdminController } from './site-admin.controller.js';
import { SiteApiController } from './site-api.controller.js';
import { SiteController } from './site.controller.js';
import { NotFoundRecorder } from './not-found.js';

/** The HTML pages, with SEO tags written by the server, 404s, sitemap, robots.txt and ads.txt. */
@Module({
  imports: [CqrsModule],
  controllers: [SiteApiController, SiteAdminController, SiteController],
  providers: [NotFoundRecorder],
})
export class SiteModule {}
