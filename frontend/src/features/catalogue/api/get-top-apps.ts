import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppSummary } from '../../../lib/catalogue-types';

// GET /api/apps/top: active apps by views, most viewed first. The key is the path under /api, which the
// SWRConfig fetcher (apiGet) requests as is.
export function topAppsKey(limit: number, offset: number): string {
  return `/apps/top?limit=${limit}&offset=${offset}`;
}

export function useTopApps(limit = 12) {
  return useSWR<AppSummary[], ApiError>(topAppsKey(limit, 0));
}
