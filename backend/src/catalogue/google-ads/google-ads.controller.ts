import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Reply, FastifyRequest as Request } from 'fastify';
import type { App } from '../../../../contracts/catalogue/app.js';
import { googleAdsCsvFileName } from '../../../../contracts/catalogue/google-ads.js';
import type { Config } from '../../shared/config/config.js';
import { siteBase } from '../../shared/http/site-base.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { ListAllApps } from '../queries/list-all-apps.query.js';
import { generateGoogleAds, toCsv } from './google-ads-csv.js';

/**
 * The Google Ads Editor file of the active catalogue, made here and not in the admin's browser: its final URLs
 * are the site's address from the server's configuration (PUBLIC_BASE_URL, as the sitemap's), whatever
 * address the console was opened at. Under api/admin/, so the global guard requires an administrator.
 */
@ApiTags('admin catalogue')
@Controller('api/admin/apps')
export class GoogleAdsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('google-ads.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The Google Ads Editor CSV of the active apps (UTF-8 with BOM, 30 columns)' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'google_ads_editor_import_{date}.csv, as an attachment' })
  async csv(@Req() request: Request, @Res({ passthrough: true }) reply: Reply): Promise<string> {
    const apps: App[] = await this.queries.execute(new ListAllApps());
    const { rows } = generateGoogleAds(
      apps.filter((app) => app.is_active),
      siteBase(this.config, request),
    );
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${googleAdsCsvFileName(new Date())}"`);
    return toCsv(rows);
  }
}
