import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SiteController } from './site.controller.js';

/** The HTML pages, with SEO tags written by the server, 404s, sitemap, robots.txt and ads.txt. */
@Module({ imports: [CqrsModule], controllers: [SiteController] })
export class SiteModule {}
