import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { AdminSettings } from '../types';

// GET /api/admin/settings: the notification address (masked), whether the queue dashboard is available.
export const ADMIN_SETTINGS_KEY = '/admin/settings';

export function useAdminSettings() {
  return useSWR<AdminSettings, ApiError>(ADMIN_SETTINGS_KEY);
}
