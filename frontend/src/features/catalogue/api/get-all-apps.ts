import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppSummary } from '../../../lib/catalogue-types';

// GET /api/apps: every active app, by name.
export const allAppsKey = '/apps';

export function useAllApps() {
  return useSWR<AppSummary[], ApiError>(allAppsKey);
}
