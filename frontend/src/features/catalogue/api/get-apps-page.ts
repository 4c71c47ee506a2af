import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppPage } from '../../../../../contracts/catalogue/app';
import { appsPageKey, type AppListParams } from '../../../../../contracts/catalogue/keys';

// GET /api/apps: a page of the active apps (by name, or most viewed first), of a category or ready to try.

export function useAppsPage(params: AppListParams) {
  return useSWR<AppPage, ApiError>(appsPageKey(params));
}
