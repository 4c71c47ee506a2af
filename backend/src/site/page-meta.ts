/**
 * Writes a page's SEO tags into the HTML the server sends. The rules (titles, descriptions, JSON-LD) are the
 * SPA's own (frontend/src/features/catalogue/seo.ts, exported by its server build); this only renders them,
 * escaped for attributes, with JSON-LD that no stored text can use to close its script element.
 */
export const SITE_NAME = 'Unsheet';

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** Absolute canonical URL. */
  url: string;
  type?: 'website' | 'article';
  jsonLd?: object[];
}

/** The tags, marked data-ssr so that the SPA can replace them with its own. */
export function renderMetaTags(meta: PageMeta): string {
  const tag = (name: string, attrs: Record<string, string>) =>
    `<${name} data-ssr ${Object.entries(attrs)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')}>`;
  return [
    `<title data-ssr>${escapeHtml(meta.title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    ...(meta.keywords?.length ? [tag('meta', { name: 'keywords', content: meta.keywords.join(', ') })] : []),
    tag('link', { rel: 'canonical', href: meta.url }),
    tag('meta', { property: 'og:type', content: meta.type ?? 'website' }),
    tag('meta', { property: 'og:site_name', content: SITE_NAME }),
    tag('meta', { property: 'og:title', content: meta.title }),
    tag('meta', { property: 'og:description', content: meta.description }),
    tag('meta', { property: 'og:url', content: meta.url }),
    tag('meta', { name: 'twitter:card', content: 'summary' }),
    tag('meta', { name: 'twitter:title', content: meta.title }),
    tag('meta', { name: 'twitter:description', content: meta.description }),
    ...(meta.jsonLd ?? []).map(
      (data) => `<script data-ssr type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
  ].join('\n    ');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
