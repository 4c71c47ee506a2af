import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/utils';
import type { LeadPage, LeadSort } from '../types';

/** What the Leads tab asks for: a page, the source-page filter (null: all), a search, an order. */
export interface LeadQuery {
  page: number;
  sourcePage: string | null;
  search: string;
  sort: LeadSort;
}

export const FIRST_LEADS: LeadQuery = { page: 1, sourcePage: null, search: '', sort: 'newest' };

/** GET /api/admin/leads: a page of leads, with the totals, each source page's count and the spots taken. */
export function leadsKey({ page, sourcePage, search, sort }: LeadQuery): string {
  return withQuery('/admin/leads', {
    page: page > 1 ? page : undefined,
    source_page: sourcePage,
    search,
    sort: sort === 'newest' ? undefined : sort,
  });
}

/** Keys of every page of leads in the cache: a change to a lead reloads them all. */
export const isLeadsKey = (key: unknown) => typeof key === 'string' && /^\/admin\/leads(\?|$)/.test(key);

export function useLeads(query: LeadQuery) {
  return useSWR<LeadPage, ApiError>(leadsKey(query), { keepPreviousData: true });
}
