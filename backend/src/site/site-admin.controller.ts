import { Controller, HttpCode, HttpStatus, Inject, Post, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { z } from 'zod';
import { GetSitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
import type { Config } from '../shared/config/config.js';
import { EventStore } from '../shared/event-store/event-store.js';
import type { Event } from '../shared/event-store/events.js';
import { actedBy, Actor, type ActingUser } from '../shared/http/acting-user.js';
import { ApiZodOk } from '../shared/http/zod.js';
import { CONFIG } from '../shared/kernel.module.js';
import { siteBase } from '../shared/http/site-base.js';
import { renderSitemap, sitemapUrls } from './sitemap.js';

/** The admin regenerated the sitemap: kept in the log for the audit trail. */
export type SitemapRegenerated = Event<'SitemapRegenerated', { urls: number }>;

const regeneratedSchema = z.object({
  urls: z.number().int().describe('How many URLs it lists'),
  xml: z.string().describe('/sitemap.xml: the sitemap, or the index of the numbered sitemaps when the URLs exceed SITEMAP_MAX_URLS'),
});

/**
 * Settings → 'Regenerate sitemap.xml' (admin only: under api/admin/). /sitemap.xml is rendered from the
 * catalogue on every request, so it is never stale; regenerating renders it now, answers it with its size,
 * and records who asked.
 */
@ApiTags('admin site')
@Controller('api/admin/sitemap')
export class SiteAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('regenerate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Render sitemap.xml from the catalogue now and return it' })
  @ApiZodOk(regeneratedSchema)
  async regenerate(@Req() request: Request, @Actor() actor: ActingUser): Promise<z.infer<typeof regeneratedSchema>> {
    const entries = await this.queries.execute(new GetSitemapEntries());
    const xml = renderSitemap(siteBase(this.config, request), entries, this.config.SITEMAP_MAX_URLS);
    const urls = sitemapUrls(entries).length;
    const event: SitemapRegenerated = { type: 'SitemapRegenerated', data: { urls } };
    await this.events.appendUnversioned([{ ...event, streamId: 'sitemap' }], actedBy(actor));
    return { urls, xml };
  }
}
