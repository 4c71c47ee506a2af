import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { useTimeZone } from '../../time-zone/time-zone';
import type { EngagementMetrics } from '../types';

// GET /api/admin/analytics/engagement: today's engagement figures in the admin's time zone, each against
// yesterday (the server answers zeros on failure).
export function useEngagementMetrics() {
  const timeZone = useTimeZone();
  return useSWR<EngagementMetrics, ApiError>(`/admin/analytics/engagement?tz=${encodeURIComponent(timeZone)}`);
}
