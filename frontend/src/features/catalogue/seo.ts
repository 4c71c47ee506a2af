/**
 * Titles, descriptions and structured data of the home, category and app pages. The server writes the same
 * tags into the HTML it sends crawlers from these same functions (via entry-server.tsx). Pure, no DOM,
 * with the site's origin passed in because structured data needs absolute URLs.
 */
import { paths } from '../../lib/paths';
import type { PageMetaProps } from '../../components/page-meta';
import { toolCount } from './display-rules';
import type { App, Category } from '../../../../contracts/catalogue/app';
import type { EarlyAccessWording } from '../../lib/early-access-wording';

// Repeated rather than imported from page-meta.tsx, so this module never pulls in React.
const BRAND = 'Unsheet';

type JsonLd = Record<string, unknown>;

/**
 * `wording`: the Early Explorers mode's (lib/early-access-wording.ts), whose invitation ends the description.
 * `search`: the All Applications grid's page and filter (`?page=2`), part of the canonical address: each page
 * of a paged list is a page of its own to a search engine, not a copy of the first.
 */
export function homeMeta(origin: string, wording: Pick<EarlyAccessWording, 'invitation'>, search = ''): PageMetaProps {
  return {
    title: `${BRAND} – AI tools that replace spreadsheets`,
    description: `Discover small AI tools that replace spreadsheets and manual work in small businesses, and ${wording.invitation}.`,
    keywords: ['ai tools', 'replace excel', 'spreadsheet alternatives', 'small business automation'],
    path: `${paths.home}${search}`,
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: BRAND, url: absolute(origin, paths.home) }],
  };
}

/** `page`: the page of its apps shown, part of the canonical address from the second on. */
export function categoryMeta(category: Category, origin: string, page = 1): PageMetaProps {
  return {
    title: `${category.name} apps to replace Excel | ${BRAND}`,
    // A colon rather than 'that replace', which would read '1 tool … that replace'.
    description: `Browse ${toolCount(category.count)} in ${category.name}: AI apps that replace Excel and manual work for small businesses.`,
    keywords: [`${category.name.toLowerCase()} ai tools`, `${category.name.toLowerCase()} excel alternative`],
    path: page === 1 ? paths.category(category.slug) : `${paths.category(category.slug)}?page=${page}`,
    // The visible trail has 'Categories' (/#categories) in the middle; a fragment is not a page of its own, so
    // the structured trail leaves it out.
    jsonLd: [
      breadcrumbList(origin, [
        { name: 'Home', path: paths.home },
        { name: category.name, path: paths.category(category.slug) },
      ]),
    ],
  };
}

/** What a missing page says, as its heading and text and in its tags: the server sends these pages with HTTP 404. */
export const NOT_FOUND_PAGES = {
  page: {
    heading: 'Page not found',
    description: 'The page you are looking for does not exist. Browse AI tools that replace spreadsheets on Unsheet.',
  },
  category: { heading: 'Category Not Found', description: 'There is no category at this address. It may have been renamed.' },
  app: { heading: 'App Not Found', description: 'There is no app at this address. It may have been renamed or retired.' },
} as const;

export type MissingPage = keyof typeof NOT_FOUND_PAGES;

/** A missing page's tags: 'Category Not Found | Unsheet'. */
export function notFoundMeta(kind: MissingPage, path: string): PageMetaProps {
  const { heading, description } = NOT_FOUND_PAGES[kind];
  return { title: `${heading} | ${BRAND}`, description, path };
}

type SeoApp = Pick<
  App,
  | 'name'
  | 'slug'
  | 'description'
  | 'category'
  | 'category_slug'
  | 'app_url'
  | 'keyword_bof'
  | 'keywords'
  | 'meta_title'
  | 'meta_description'
>;

export function appMeta(app: SeoApp, origin: string): PageMetaProps {
  return {
    title: app.meta_title ?? `${app.name} | ${BRAND}`,
    description: appDescription(app),
    keywords: app.keywords.length > 0 ? app.keywords : [app.keyword_bof],
    path: paths.app(app.slug),
    type: 'article',
    jsonLd: [
      softwareApplication(app, origin),
      breadcrumbList(origin, [
        { name: 'Home', path: paths.home },
        { name: app.category, path: paths.category(app.category_slug) },
        { name: app.name, path: paths.app(app.slug) },
      ]),
    ],
  };
}

function appDescription(app: Pick<App, 'description' | 'meta_description'>): string {
  return app.meta_description ?? app.description;
}

/**
 * schema.org SoftwareApplication, `url` being the app's page (its canonical URL). An app people can open
 * today gets a free Offer, which is true during early access; one that cannot be opened yet gets none rather
 * than a price for something that does not exist.
 */
function softwareApplication(app: SeoApp, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: app.name,
    description: appDescription(app),
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    url: absolute(origin, paths.app(app.slug)),
    ...(app.app_url ? { offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' } } : {}),
  };
}

function breadcrumbList(origin: string, items: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absolute(origin, item.path),
    })),
  };
}

function absolute(origin: string, path: string): string {
  return new URL(path, origin).toString();
}
