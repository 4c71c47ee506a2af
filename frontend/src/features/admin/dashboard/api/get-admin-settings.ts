import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { AdminSettings } from '../types';

// GET /api/admin/settings: the notification address (masked), whether the queue dashboard is available.
export function useAdminSettings() {
  return useSWR<AdminSettings, ApiError>('/admin/settings');
}
