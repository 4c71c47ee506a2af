import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { AppRow } from '../types';

// GET /api/apps: every active app, for Total Apps and Total Views.
export function useAllApps() {
  return useSWR<AppRow[], ApiError>('/apps');
}
