import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/utils';
import { CATALOGUE_FIGURES_PAGE_SIZE } from '../../../../../../contracts/admin/first-screen';
import type { AdminAppPage, AdminAppSort, AdminAppState } from '../types';

/** What the apps table and App Links ask for: a page, a search over name and category, an order, which apps. */
export interface AdminAppQuery {
  page: number;
  search: string;
  sort: AdminAppSort;
  state: AdminAppState;
}

// GET /api/admin/apps: a page of apps, inactive ones too, with the catalogue's figures.
export function adminAppsKey({ page, search, sort, state }: AdminAppQuery): string {
  return withQuery('/admin/apps', {
    page: page > 1 ? page : undefined,
    search,
    sort: sort === 'name' ? undefined : sort,
    state: state === 'all' ? undefined : state,
  });
}

/** Keys of every page of apps in the cache (not one app's, /admin/apps/:id): a change reloads them all. */
export const isAdminAppsKey = (key: unknown) => typeof key === 'string' && /^\/admin\/apps(\?|$)/.test(key);

export function useAdminApps(query: AdminAppQuery) {
  return useSWR<AdminAppPage, ApiError>(adminAppsKey(query), { revalidateOnFocus: false, keepPreviousData: true });
}

/** The catalogue's figures alone (a page of one app): active and inactive apps, the views of the active ones. */
export const CATALOGUE_FIGURES_KEY = `/admin/apps?pageSize=${CATALOGUE_FIGURES_PAGE_SIZE}`;

export function useCatalogueFigures() {
  return useSWR<AdminAppPage, ApiError>(CATALOGUE_FIGURES_KEY);
}
