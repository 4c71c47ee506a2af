/**
 * The catalogue's read paths under /api (and the app views' path), without zod. The SPA uses them as its SWR keys (its fetcher requests
 * a key as it is), and the server writes the data of a page's first render under the same keys: a key that
 * differs by one character would make the page fetch again what it was given.
 */

/** The home page shows the 12 most viewed apps (spec §9). */
export const HOME_TOP_APPS = 12;

/** Home's 'Ready to Try Now' strip shows at most this many, most viewed first. */
export const READY_TO_TRY_SHOWN = 12;

/**
 * How many apps a public grid shows per page (home's All Applications, a category): a first page the server
 * renders stays the same size however large the catalogue grows, and 12 fills rows of 1, 2 or 3 cards.
 */
export const CATALOGUE_PAGE_SIZE = 12;

/** What a page of GET /api/apps is of: the query's fields; absent ones take the API's defaults. */
export interface AppListParams {
  page?: number;
  pageSize?: number;
  sort?: 'name' | 'popular';
  category?: string;
  ready?: boolean;
}

/** GET /api/apps: a page of the active apps (by name unless sorted by popularity). Defaults are left out. */
export function appsPageKey({ page = 1, pageSize = CATALOGUE_PAGE_SIZE, sort = 'name', category, ready }: AppListParams = {}): string {
  const query = new URLSearchParams();
  if (page !== 1) query.set('page', String(page));
  if (pageSize !== CATALOGUE_PAGE_SIZE) query.set('pageSize', String(pageSize));
  if (sort !== 'name') query.set('sort', sort);
  if (category) query.set('category', category);
  if (ready) query.set('ready', 'true');
  const text = query.toString();
  return text ? `/apps?${text}` : '/apps';
}

/** GET /api/categories: every category with its count of active apps. */
export const categoriesKey = '/categories';

/** GET /api/apps/top: active apps, most viewed first, a page at a time. */
export function topAppsKey(limit: number, offset: number): string {
  return `/apps/top?limit=${limit}&offset=${offset}`;
}

/** GET /api/apps/:slug: one active app. */
export function appKey(slug: string): string {
  return `/apps/${encodeURIComponent(slug)}`;
}

/**
 * POST /api/apps/:id/views (body: AppViewInput): a page view's view of an app, sent by the page's inline part
 * as an app's page loads, or by the SPA for an app's page it opens.
 */
export function appViewsPath(appId: string): string {
  return `/apps/${encodeURIComponent(appId)}/views`;
}

/** GET /api/categories/:slug: a category and a page of its active apps, most viewed first. */
export function categoryKey(slug: string, page = 1): string {
  const path = `/categories/${encodeURIComponent(slug)}`;
  return page === 1 ? path : `${path}?page=${page}`;
}

/** GET /api/apps/search?q=: case-insensitive on name, description or category. */
export function searchAppsKey(query: string): string {
  return `/apps/search?q=${encodeURIComponent(query)}`;
}

/** The page number a page's address asks for (`?page=`): 1 when absent, null when it is not a page number. */
export function pageNumberOf(search: URLSearchParams): number | null {
  const page = search.get('page');
  if (page === null) return 1;
  return /^[1-9]\d{0,5}$/.test(page) ? Number(page) : null;
}

/**
 * Home's All Applications grid as its address gives it (`/?category=finance&sort=popular&page=2`), so that the
 * server renders the page a crawler or a visitor without JavaScript follows a link to. Null when a parameter
 * is not one the grid makes; other parameters (utm_source…) are not the grid's and are left alone.
 */
export function homeGridOf(
  search: URLSearchParams,
): (Required<Pick<AppListParams, 'page' | 'sort'>> & Pick<AppListParams, 'category'>) | null {
  const page = pageNumberOf(search);
  const sort = search.get('sort') ?? 'name';
  const category = search.get('category') ?? undefined;
  if (page === null || (sort !== 'name' && sort !== 'popular') || (category !== undefined && !/^[a-z0-9-]{1,200}$/.test(category)))
    return null;
  return { page, sort, ...(category ? { category } : {}) };
}

/** The address of a page of home's grid: its parameters in one order, defaults left out. */
export function homeGridSearch({ page = 1, sort = 'name', category }: AppListParams): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (sort !== 'name') query.set('sort', sort);
  if (page !== 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
