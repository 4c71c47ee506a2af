import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { dayOffset } from '../../insights/format';
import { useTimeZone } from '../../time-zone/time-zone';
import { PERIOD_DAYS, type Period } from '../dashboard-rules';
import type { EngagementMetrics } from '../types';

/**
 * GET /api/admin/analytics/engagement: the engagement figures of a period ending today in the admin's time
 * zone, each against the period of the same length before it (the server answers zeros on failure). Today
 * is asked without days, the server's default, so that the cards and the first row share one request.
 */
export function engagementKey(period: Period, timeZone: string, now = new Date()): string {
  const tz = `tz=${encodeURIComponent(timeZone)}`;
  if (period === 'today') return `/admin/analytics/engagement?${tz}`;
  const from = dayOffset(-(PERIOD_DAYS[period] - 1), timeZone, now);
  return `/admin/analytics/engagement?from=${from}&to=${dayOffset(0, timeZone, now)}&${tz}`;
}

export function useEngagementMetrics(period: Period = 'today') {
  const timeZone = useTimeZone();
  return useSWR<EngagementMetrics, ApiError>(engagementKey(period, timeZone));
}
