import useSWR from 'swr';
import { ApiError } from '../../../../lib/api-client';
import type { AdminApp } from '../types';

// GET /api/admin/apps/:id: one app, active or not; 404 CATALOGUE.APP_NOT_FOUND otherwise.
export function adminAppKey(id: string): string {
  return `/admin/apps/${encodeURIComponent(id)}`;
}

export function useAdminApp(id: string | undefined) {
  return useSWR<AdminApp, ApiError>(id ? adminAppKey(id) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)),
  });
}
