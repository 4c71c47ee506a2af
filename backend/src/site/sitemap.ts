import type { FastifyRequest as Request } from 'fastify';
import type { SitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
import type { Config } from '../shared/config/config.js';
import { escapeHtml } from './page-meta.js';

export const STATIC_PAGES = ['/about', '/contact', '/privacy', '/terms'] as const;

/** The sitemaps.org 0.9 document: home, the static pages, every category with apps and every active app. */
export function renderSitemap(base: string, entries: SitemapEntries): string {
  const url = (path: string, lastmod?: Date | null) =>
    `  <url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/', entries.lastmod),
    ...STATIC_PAGES.map((path) => url(path)),
    ...entries.categories.map((category) => url(`/c/${category.slug}`, category.lastmod)),
    ...entries.apps.map((app) => url(`/app/${app.slug}`, app.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The site's absolute origin, for canonical links, og:url, JSON-LD, robots.txt and the sitemap:
 * PUBLIC_BASE_URL, which production requires. Without it (development, tests) the request's host is used only
 * when it names this server's own port on localhost, 127.0.0.1 or [::1]; any other Host header gets
 * http://localhost:<port>, so that no header can put another site's address into a page or a shared cache.
 */
export function siteBase(config: Pick<Config, 'PUBLIC_BASE_URL'>, request: Request): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const port = request.socket.localPort;
  const host = request.host.toLowerCase();
  const local = LOCAL_HOSTS.some((name) => host === `${name}:${port}` || (port === 80 && host === name));
  return local ? `${request.protocol}://${host}` : `http://localhost:${port}`;
}
