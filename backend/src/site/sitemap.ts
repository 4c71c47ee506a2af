import type { SitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
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
