/** The CSV import route takes bodies up to 2 MB (a CSV of up to 1 MB, JSON-escaped); bootstrap.ts gives it its own limit. */
export const SEARCH_QUERIES_IMPORT_PATH = '/api/admin/analytics/search-queries/import';
export const SEARCH_QUERIES_IMPORT_MAX_BODY = 2 * 1024 * 1024;
