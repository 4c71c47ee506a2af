/**
 * What the service worker (sw.ts) keeps, in one place: server-rendered pages and catalogue reads. Anything
 * else — the admin console and its API, every other API call, and every write — goes to the network only.
 * Pure functions of a URL, so the rules are unit-tested (cache-rules.spec.ts); the page imports the cache
 * names too (features/pwa/start-pwa.ts).
 */
import { COLLECT_PATH } from '../lib/analytics/collect-path';
import { paths } from '../lib/paths';

/** The server-rendered HTML of pages a visitor has opened, network-first. */
export const PAGES_CACHE = 'pages';
/** Catalogue API answers, stale-while-revalidate. */
export const CATALOGUE_CACHE = 'catalogue-api';
/** Precached at every install (sw.ts) and answered for a navigation that neither network nor cache can serve. */
export const OFFLINE_PAGE = paths.offline;

/**
 * Requests that bypass the worker altogether (sw.ts): the analytics batches. A beacon that a controlled page
 * sends as it unloads was lost in about half of the runs in Chromium when it had to pass the worker's fetch
 * handler, even though that handler leaves it alone.
 */
export const BYPASSED_PATHS = [COLLECT_PATH];

const ADMIN = /^\/admin(\/|$)/;
const API = /^\/api(\/|$)/;
/** The catalogue's reads: /api/apps, /api/apps/top, /api/apps/search, /api/apps/:slug, /api/categories[/:slug]. */
const CATALOGUE_READ = /^\/api\/(apps|categories)(\/[^/]+)?$/;

/** A page navigation whose HTML may be kept for offline use. */
export function isCachedPage(url: URL, origin: string): boolean {
  return url.origin === origin && !ADMIN.test(url.pathname) && !API.test(url.pathname);
}

/** A catalogue GET whose answer may be kept for offline use (the caller checks the method). */
export function isCatalogueRead(url: URL, origin: string): boolean {
  return url.origin === origin && CATALOGUE_READ.test(url.pathname);
}
