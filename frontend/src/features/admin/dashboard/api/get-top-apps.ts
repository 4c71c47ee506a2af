import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { TOP_APPS_PAGE_SIZE } from '../../../../../../contracts/admin/first-screen';
import type { AppRow } from '../types';

// GET /api/apps/top: active apps, most viewed first, a page of 5 at a time (offset page × 5).
export const topAppsKey = (page: number) => `/apps/top?limit=${TOP_APPS_PAGE_SIZE}&offset=${page * TOP_APPS_PAGE_SIZE}`;

export function useTopApps(page: number) {
  return useSWR<AppRow[], ApiError>(topAppsKey(page), {
    keepPreviousData: true,
  });
}
