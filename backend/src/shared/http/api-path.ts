/** Which requests are the API's: one rule for the hooks in bootstrap.ts, the security headers and the pages. */

/** The path of a request target, without its query string. */
export const pathOf = (url: string): string => url.split('?')[0]!;

/** `/api` and everything under it (not `/apiary`). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
