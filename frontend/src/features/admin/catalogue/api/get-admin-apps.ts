import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { AdminApp } from '../types';

// GET /api/admin/apps: every app, inactive ones too, by name.
export const adminAppsKey = '/admin/apps';

export function useAdminApps() {
  return useSWR<AdminApp[], ApiError>(adminAppsKey, { revalidateOnFocus: false });
}
