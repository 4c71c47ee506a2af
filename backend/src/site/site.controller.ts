/**
 * Everything outside /api that is not a built asset: the SPA's HTML for each page (server-rendered from the
 * SPA's components, with SEO tags and the first render's data written in), HTTP 404 for unknown paths
 * and slugs (the missing path is recorded as a PageNotFound event), and the crawler files.
 */
import { Controller, Get, Header, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import type { App, CategoryWithApps } from '../../../contracts/catalogue/app.js';
import {
  appKey,
  appsPageKey,
  categoriesKey,
  categoryKey,
  CATALOGUE_PAGE_SIZE,
  HOME_TOP_APPS,
  homeGridOf,
  homeGridSearch,
  pageNumberOf,
  READY_TO_TRY_SHOWN,
  topAppsKey,
} from '../../../contracts/catalogue/keys.js';
import { earlyAccessStatusKey } from '../../../contracts/early-access/keys.js';
import type { EarlyAccessStatus } from '../../../contracts/early-access/waitlist.js';
import { GetAppBySlug } from '../catalogue/queries/get-app-by-slug.query.js';
import { GetCategory } from '../catalogue/queries/get-category.query.js';
import { GetSitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
import { GetTopApps } from '../catalogue/queries/get-top-apps.query.js';
import { ListAppsPage } from '../catalogue/queries/list-apps-page.query.js';
import { ListCategories } from '../catalogue/queries/list-categories.query.js';
import { GetEarlyAccessStatus } from '../early-access/waitlist/get-early-access-status.query.js';
import { LEAD_CONFIRMATION_PAGE } from '../early-access/waitlist/lead.events.js';
import type { Config } from '../shared/config/config.js';
import { NotFoundError } from '../shared/errors/domain-error.js';
import { CONFIG } from '../shared/kernel.module.js';
import { isApiPath, pathOf } from '../shared/http/api-path.js';
import { cspNonce } from '../shared/http/security-headers.js';
import { NotFoundRecorder } from './not-found.js';
import { SpaPage, type MissingPage, type PageParts } from './spa-page.js';
import { siteBase } from '../shared/http/site-base.js';
import { renderSitemap, renderSitemapPart, STATIC_PAGES } from './sitemap.js';
import { clientAddress } from '../shared/http/client-address.js';

/** Client-side routes that exist besides the ones rendered with their own tags. */
const SPA_ROUTES = new Set<string>([
  ...STATIC_PAGES,
  '/offline',
  '/auth',
  '/auth/confirm',
  '/auth/reset-password',
  LEAD_CONFIRMATION_PAGE,
  '/setup',
]);
/** The query string of a request's URL. */
const searchOf = (request: Request) => new URLSearchParams(request.url.split('?')[1] ?? '');
/** The admin console routes on the client (and answers its unknown paths itself); robots.txt keeps crawlers out. */
const isAdminPage = (path: string) => path === '/admin' || path.startsWith('/admin/');

@ApiExcludeController()
@Controller()
export class SiteController {
  private readonly logger = new Logger(SiteController.name);
  private lastEarlyAccessStatus?: EarlyAccessStatus;
  /** The pages (spa-page.ts), with the pages it keeps. */
  readonly page = new SpaPage((error, url) =>
    this.logger.error(`Server rendering failed for ${pathOf(url)}: ${(error as Error).stack ?? error}`),
  );

  constructor(
    private readonly queries: QueryBus,
    private readonly notFoundPaths: NotFoundRecorder,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Home, with the page of its All Applications grid that the address asks for (`?category=…&sort=…&page=…`). */
  @Get()
  async home(@Req() request: Request, @Res() response: Response): Promise<void> {
    const grid = homeGridOf(searchOf(request));
    if (!grid) return this.notFound(request, response);
    const ready = { ready: true, sort: 'popular', page: 1, pageSize: READY_TO_TRY_SHOWN } as const;
    const gridPage = { ...grid, pageSize: CATALOGUE_PAGE_SIZE };
    const [top, readyApps, apps] = await Promise.all([
      this.queries.execute(new GetTopApps(HOME_TOP_APPS, 0)),
      this.queries.execute(new ListAppsPage(ready)),
      this.queries.execute(new ListAppsPage(gridPage)),
    ]);
    if (grid.page > 1 && apps.items.length === 0) return this.notFound(request, response);
    const search = homeGridSearch(grid);
    await this.sendPage(request, response, 200, {
      query: search,
      seo: { page: 'home', search },
      initialData: { [topAppsKey(HOME_TOP_APPS, 0)]: top, [appsPageKey(ready)]: readyApps, [appsPageKey(gridPage)]: apps },
    });
  }

  /** A category, with the page of its apps that the address asks for (`?page=…`). */
  @Get('c/:slug')
  async category(@Param('slug') slug: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const page = pageNumberOf(searchOf(request));
    const found = page && (await this.find<CategoryWithApps>(new GetCategory(slug.slice(0, 200), { page, pageSize: CATALOGUE_PAGE_SIZE })));
    if (page && !found) {
      const query = page === 1 ? '' : `?page=${page}`;
      return this.notFound(request, response, { missing: 'category', query, initialData: { [categoryKey(slug, page)]: null } });
    }
    if (!page || !found || (page > 1 && found.apps.items.length === 0)) return this.notFound(request, response);
    await this.sendPage(request, response, 200, {
      query: page === 1 ? '' : `?page=${page}`,
      seo: { page: 'category', category: found.category, listPage: page },
      initialData: { [categoryKey(slug, page)]: found },
    });
  }

  @Get('app/:slug')
  async app(@Param('slug') slug: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const app = await this.find<App>(new GetAppBySlug(slug.slice(0, 200)));
    if (!app) return this.notFound(request, response, { missing: 'app', initialData: { [appKey(slug)]: null } });
    await this.sendPage(request, response, 200, {
      seo: { page: 'app', app },
      initialData: { [appKey(slug)]: app },
    });
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async sitemap(@Req() request: Request): Promise<string> {
    return renderSitemap(this.base(request), await this.queries.execute(new GetSitemapEntries()), this.config.SITEMAP_MAX_URLS);
  }

  /** A numbered sitemap of a catalogue too large for one file (/sitemap.xml is then their index). */
  @Get('sitemap-:part.xml')
  async sitemapPart(@Param('part') part: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const entries = await this.queries.execute(new GetSitemapEntries());
    const xml = /^[1-9]\d{0,5}$/.test(part)
      ? renderSitemapPart(this.base(request), entries, this.config.SITEMAP_MAX_URLS, Number(part))
      : null;
    if (xml === null) return this.notFound(request, response);
    void response.type('application/xml; charset=utf-8').send(xml);
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(@Req() request: Request): string {
    return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${this.base(request)}/sitemap.xml\n`;
  }

  /** Plain text either way: crawlers read the 404 of an unconfigured ads.txt as "no ads.txt". */
  @Get('ads.txt')
  adsTxt(@Res() response: Response): void {
    const text = this.config.ADS_TXT ? `${this.config.ADS_TXT}\n` : 'No ads.txt is configured.\n';
    void response
      .status(this.config.ADS_TXT ? 200 : 404)
      .type('text/plain; charset=utf-8')
      .send(text);
  }

  @Get('*')
  async other(@Req() request: Request, @Res() response: Response): Promise<void> {
    const requested = pathOf(request.url);
    if (isApiPath(requested)) {
      throw new NotFoundException();
    }
    const path = requested.replace(/\/$/, '');
    if (SPA_ROUTES.has(path) || isAdminPage(path)) return this.sendPage(request, response, 200);
    return this.notFound(request, response, { missing: 'page' });
  }

  /**
   * HTTP 404, and the page the SPA shows for the address. `missing`: what the page says is missing (its title
   * and tags say so too), with `initialData` telling the page there is none (null), so that its first render,
   * on the server as in the browser, says so at once. Without it, the address is a page the SPA shows as usual
   * (a grid's page past the last one, say).
   */
  private async notFound(
    request: Request,
    response: Response,
    { missing, query, initialData }: { missing?: MissingPage; query?: string; initialData?: Record<string, null> } = {},
  ): Promise<void> {
    await this.notFoundPaths.record(request.url, 'server', clientAddress(request), request.headers['user-agent']);
    await this.sendPage(request, response, 404, missing ? { seo: { page: 'not-found', kind: missing }, query, initialData } : {});
  }

  /**
   * Every page also gets the categories, which the header's menu shows everywhere, and the Early Explorers
   * status, whose mode every invitation to join follows (the header's button is on every page).
   * The page is rendered, and kept, for its path and `query`: the query parameters the page reads, in one
   * order (home's grid: category, sort, page; a category's page), never the rest of the address
   * (utm_source, gclid, ref, anything a client makes up), which the page's server render does not read and the
   * browser reads for itself. So `/?x=<anything>` is the cached page of `/`, not a page of its own.
   */
  private async sendPage(
    request: Request,
    response: Response,
    status: number,
    { query = '', ...parts }: Pick<PageParts, 'seo' | 'initialData'> & { query?: string } = {},
  ): Promise<void> {
    const [categories, earlyAccess] = await Promise.all([this.queries.execute(new ListCategories()), this.earlyAccessStatus()]);
    const page = await this.page.render({
      ...parts,
      base: this.base(request),
      path: `${pathOf(request.originalUrl)}${query}`,
      nonce: cspNonce(response),
      initialData: { [categoriesKey]: categories, [earlyAccessStatusKey]: earlyAccess, ...parts.initialData },
    });
    void response.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  }

  /**
   * The status, as the same object while its figures are the same: a rendered page is kept while its data is
   * the very same objects (SpaPage), so a page is rendered again when the spots taken change, not per request.
   */
  private async earlyAccessStatus(): Promise<EarlyAccessStatus> {
    const current = await this.queries.execute(new GetEarlyAccessStatus());
    const last = this.lastEarlyAccessStatus;
    if (last && (Object.keys(current) as (keyof EarlyAccessStatus)[]).every((key) => last[key] === current[key])) return last;
    this.lastEarlyAccessStatus = current;
    return current;
  }

  private async find<T>(query: object): Promise<T | null> {
    try {
      return await this.queries.execute(query as never);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private base(request: Request): string {
    return siteBase(this.config, request);
  }
}
