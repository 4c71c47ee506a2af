import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { allAppsKey } from '../../../../../contracts/catalogue/keys';

// GET /api/apps: every active app, by name.

export function useAllApps() {
  return useSWR<AppSummary[], ApiError>(allAppsKey);
}
