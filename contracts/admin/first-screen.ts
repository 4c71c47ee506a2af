/**
 * The fixed parameters of the dashboard's first screen, which GET /api/admin/overview answers in one read:
 * the SPA asks the separate endpoints with the same values when the admin pages on, so the overview's parts
 * and those answers agree. Safe for the SPA's bundle (no zod).
 */

/** The Most Popular Apps list's page (GET /api/apps/top?limit=5). */
export const TOP_APPS_PAGE_SIZE = 5;
/** The catalogue's figures are read with a page of one app (GET /api/admin/apps?pageSize=1). */
export const CATALOGUE_FIGURES_PAGE_SIZE = 1;
/** The Search Queries table's rows (GET /api/admin/analytics/search-queries?limit=50). */
export const SEARCH_QUERIES_SHOWN = 50;
/** The traffic chart's and analytics panel's window, ending today: the overview's `from` to `to`. */
export const ANALYTICS_WINDOW_DAYS = 30;
