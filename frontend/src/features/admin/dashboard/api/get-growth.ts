import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { useTimeZone } from '../../time-zone/time-zone';
import type { Growth } from '../types';

// GET /api/admin/analytics/growth: what the top cards' figures gained today in the admin's time zone, each
// against yesterday (the server answers zeros on failure).
export function useGrowth() {
  const timeZone = useTimeZone();
  return useSWR<Growth, ApiError>(`/admin/analytics/growth?tz=${encodeURIComponent(timeZone)}`);
}
