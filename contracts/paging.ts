/**
 * How the admin's lists page on the server (GET /api/admin/leads, /suggestions, /quick-questions,
 * /developer-inquiries, /apps, /audit): 1-based `page` and `pageSize` (at most PAGE_SIZE_MAX), and an answer
 * with the page's items, the total of the list and the total that matches the filter and the search. The
 * constants and the answer's shape, safe for the SPA's bundle; the API's query schemas are in page-query.ts.
 */

/** The largest page any admin list answers: a page stays a few tens of kilobytes whatever the list's size. */
export const PAGE_SIZE_MAX = 100;
/** The page size the console asks for. */
export const ADMIN_PAGE_SIZE = 50;
export const SEARCH_MAX = 200;

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Items in the whole list. */
  total: number;
  /** Items that match the filter and the search (the total without either). */
  filtered: number;
}

/** The first and last item numbers a page shows (1-based; 0–0 for an empty page). */
export function pageRange({ page, pageSize, items }: Pick<Page<unknown>, 'page' | 'pageSize' | 'items'>): { from: number; to: number } {
  if (items.length === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + items.length - 1 };
}
