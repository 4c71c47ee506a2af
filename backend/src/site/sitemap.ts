import type { SitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
import { escapeHtml } from './page-meta.js';

export const STATIC_PAGES = ['/about', '/contact', '/privacy', '/terms'] as const;

interface SitemapUrl {
  path: string;
  lastmod?: Date | null;
}

/** Every URL the sitemap lists: home, the static pages, every category with apps and every active app. */
export function sitemapUrls(entries: SitemapEntries): SitemapUrl[] {
  return [
    { path: '/', lastmod: entries.lastmod },
    ...STATIC_PAGES.map((path) => ({ path })),
    ...entries.categories.map((category) => ({ path: `/c/${category.slug}`, lastmod: category.lastmod })),
    ...entries.apps.map((app) => ({ path: `/app/${app.slug}`, lastmod: app.lastmod })),
  ];
}

/** The address of the numbered sitemap `part` (from 1) when the URLs do not fit in one file. */
export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/**
 * /sitemap.xml (sitemaps.org 0.9): the sitemap itself while every URL fits in one file of `maxUrls`, else a
 * sitemap index of the numbered sitemaps (sitemapPartPath), each with its newest lastmod.
 */
export function renderSitemap(base: string, entries: SitemapEntries, maxUrls: number): string {
  const parts = chunks(sitemapUrls(entries), maxUrls);
  if (parts.length <= 1) return urlset(base, parts[0] ?? []);
  const sitemap = (urls: SitemapUrl[], part: number) => {
    const lastmod = urls.reduce<Date | null>(
      (latest, url) => (url.lastmod && (!latest || latest < url.lastmod) ? url.lastmod : latest),
      null,
    );
    return `  <sitemap><loc>${escapeHtml(`${base}${sitemapPartPath(part)}`)}</loc>${lastmodTag(lastmod)}</sitemap>`;
  };
  return document(
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    parts.map((urls, i) => sitemap(urls, i + 1)),
    '</sitemapindex>',
  );
}

/** The numbered sitemap `part` (from 1), or null when /sitemap.xml is the only one or there is no such part. */
export function renderSitemapPart(base: string, entries: SitemapEntries, maxUrls: number, part: number): string | null {
  const parts = chunks(sitemapUrls(entries), maxUrls);
  if (parts.length <= 1 || part < 1 || part > parts.length) return null;
  return urlset(base, parts[part - 1]!);
}

function urlset(base: string, urls: SitemapUrl[]): string {
  const url = ({ path, lastmod }: SitemapUrl) => `  <url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmodTag(lastmod)}</url>`;
  return document('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', urls.map(url), '</urlset>');
}

const lastmodTag = (lastmod: Date | null | undefined) => (lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '');

const document = (open: string, lines: string[], close: string) =>
  ['<?xml version="1.0" encoding="UTF-8"?>', open, ...lines, close, ''].join('\n');

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
