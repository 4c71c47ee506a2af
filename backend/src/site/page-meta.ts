/**
 * SEO tags for the pages crawlers index, written into the HTML the server sends (the SPA renders the same
 * tags itself from frontend/src/features/catalogue/seo.ts: keep the two in step). Values are escaped for
 * HTML attributes and JSON-LD is escaped so that no stored text can close the script element.
 */
import type { AppView, CategoryView } from '../catalogue/queries/app.view.js';

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

export const HOME_TITLE = 'Unsheet – AI tools that replace spreadsheets';
export const HOME_DESCRIPTION =
  'Discover small AI tools that replace spreadsheets and manual work in small businesses, and join 100 Early Explorers.';

export function homeMeta(base: string): PageMeta {
  return {
    title: HOME_TITLE,
    description: HOME_DESCRIPTION,
    keywords: ['ai tools', 'replace excel', 'spreadsheet alternatives', 'small business automation'],
    url: `${base}/`,
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${base}/` }],
  };
}

export function toolCount(n: number): string {
  return `${n} ${n === 1 ? 'tool' : 'tools'}`;
}

export function categoryMeta(category: CategoryView, base: string): PageMeta {
  const url = `${base}/c/${category.slug}`;
  return {
    title: `${category.name} apps to replace Excel | ${SITE_NAME}`,
    description: `Browse ${toolCount(category.count)} in ${category.name}: AI apps that replace Excel and manual work for small businesses.`,
    keywords: [`${category.name.toLowerCase()} ai tools`, `${category.name.toLowerCase()} excel alternative`],
    url,
    jsonLd: [breadcrumbs(base, [{ name: category.name, url }])],
  };
}

export function appMeta(app: AppView, base: string): PageMeta {
  const url = `${base}/app/${app.slug}`;
  const categoryUrl = `${base}/c/${app.category_slug}`;
  const description = app.meta_description ?? app.description;
  return {
    title: app.meta_title ?? `${app.name} | ${SITE_NAME}`,
    description,
    keywords: app.keywords.length > 0 ? app.keywords : [app.keyword_bof],
    url,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: app.name,
        description,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        url,
        ...(app.app_url ? { offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' } } : {}),
      },
      breadcrumbs(base, [
        { name: app.category, url: categoryUrl },
        { name: app.name, url },
      ]),
    ],
  };
}

function breadcrumbs(base: string, trail: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', url: `${base}/` }, ...trail].map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
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
