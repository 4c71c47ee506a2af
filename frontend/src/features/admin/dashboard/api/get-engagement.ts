import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { EngagementMetrics } from '../types';

// GET /api/admin/analytics/engagement: today's engagement figures (the server answers zeros on failure).
export function useEngagementMetrics() {
  return useSWR<EngagementMetrics, ApiError>('/admin/analytics/engagement');
}
