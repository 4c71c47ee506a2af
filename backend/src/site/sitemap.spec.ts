import { describe, expect, it } from 'vitest';
import type { SitemapEntries } from '../catalogue/queries/get-sitemap-entries.query.js';
import { renderSitemap, renderSitemapPart, sitemapUrls } from './sitemap.js';

const BASE = 'https://unsheet.example.com';
const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const entries: SitemapEntries = {
  lastmod: at(9),
  categories: [{ slug: 'finance', lastmod: at(9) }],
  apps: [
    { slug: 'a', lastmod: at(3) },
    { slug: 'b', lastmod: at(9) },
    { slug: 'c', lastmod: at(2) },
  ],
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('is one urlset while every URL fits in one file', () => {
    const xml = renderSitemap(BASE, entries, sitemapUrls(entries).length);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(sitemapUrls(entries).map((url) => `${BASE}${url.path}`));
    expect(renderSitemapPart(BASE, entries, 50_000, 1)).toBeNull();
  });

  it('becomes an index of numbered sitemaps past the limit, each with its newest lastmod', () => {
    // 9 URLs: home, 4 static pages, 1 category, 3 apps; 4 to a file.
    const index = renderSitemap(BASE, entries, 4);
    expect(index).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <sitemap><loc>${BASE}/sitemap-1.xml</loc><lastmod>${at(9).toISOString()}</lastmod></sitemap>`,
        `  <sitemap><loc>${BASE}/sitemap-2.xml</loc><lastmod>${at(9).toISOString()}</lastmod></sitemap>`,
        `  <sitemap><loc>${BASE}/sitemap-3.xml</loc><lastmod>${at(2).toISOString()}</lastmod></sitemap>`,
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
    const parts = [1, 2, 3].map((part) => locs(renderSitemapPart(BASE, entries, 4, part)!));
    expect(parts.map((part) => part.length)).toEqual([4, 4, 1]);
    expect(parts.flat()).toEqual(sitemapUrls(entries).map((url) => `${BASE}${url.path}`));
    expect(renderSitemapPart(BASE, entries, 4, 4)).toBeNull();
    expect(renderSitemapPart(BASE, entries, 4, 0)).toBeNull();
  });
});
