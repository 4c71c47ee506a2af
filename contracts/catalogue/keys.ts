/**
 * The catalogue's read paths under /api, without zod. The SPA uses them as its SWR keys (its fetcher requests
 * a key as it is), and the server writes the data of a page's first render under the same keys: a key that
 * differs by one character would make the page fetch again what it was given.
 */

/** The home page shows the 12 most viewed apps (spec §9). */
export const HOME_TOP_APPS = 12;

/** GET /api/apps: every active app, by name. */
export const allAppsKey = '/apps';

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

/** GET /api/categories/:slug: a category and its active apps. */
export function categoryKey(slug: string): string {
  return `/categories/${encodeURIComponent(slug)}`;
}

/** GET /api/apps/search?q=: case-insensitive on name, description or category. */
export function searchAppsKey(query: string): string {
  return `/apps/search?q=${encodeURIComponent(query)}`;
}
