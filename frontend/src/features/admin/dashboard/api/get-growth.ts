import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { useTimeZone } from '../../time-zone/time-zone';
import type { Growth } from '../types';

// GET /api/admin/analytics/growth: what the top cards' figures gained today in the admin's time zone, each
// against yesterday (the server answers zeros on failure).
/** Every growth key (whatever the zone): a change to what the cards count (a lead deleted) reloads them. */
export const isGrowthKey = (key: unknown) => typeof key === 'string' && key.startsWith('/admin/analytics/growth?');

export const growthKey = (timeZone: string) => `/admin/analytics/growth?tz=${encodeURIComponent(timeZone)}`;

export function useGrowth() {
  return useSWR<Growth, ApiError>(growthKey(useTimeZone()));
}
