import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { topAppsKey } from '../../../../../contracts/catalogue/keys';

// GET /api/apps/top: active apps by views, most viewed first. The key is the path under /api, which the
// SWRConfig fetcher (apiGet) requests as is.
export function useTopApps(limit: number) {
  return useSWR<AppSummary[], ApiError>(topAppsKey(limit, 0));
}
