import useSWR from 'swr';
import { apiGetBlob, apiPost, type ApiError } from '../../../../lib/api-client';
import type { DemandReport, DemandStatus } from '../../../../../../contracts/analytics/demand';
import type { AppPage } from '../../../../../../contracts/catalogue/app';
import { appsPageKey } from '../../../../../../contracts/catalogue/keys';
import { PAGE_SIZE_MAX } from '../../../../../../contracts/paging';

// The Demand tab's read and the admin's decisions, under /api/admin/analytics/demand, for whole UTC days.
export interface DayRange {
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: DayRange) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const demandKey = (range: DayRange) => `/admin/analytics/demand?${rangeQuery(range)}`;

/** `polling`: decisions reach the read model through an async projection, so after one the report is re-read each second. */
export function useDemand(range: DayRange | null, polling = false) {
  return useSWR<DemandReport, ApiError>(range ? demandKey(range) : null, { refreshInterval: polling ? 1000 : 0 });
}

/** The active apps by name (the public catalogue's first, largest page), for naming the one that now serves a need. */
export function useActiveApps() {
  return useSWR<AppPage, ApiError>(appsPageKey({ pageSize: PAGE_SIZE_MAX }));
}

export function fetchDemandCsv(range: DayRange): Promise<Blob> {
  return apiGetBlob(`/admin/analytics/demand/export.csv?${rangeQuery(range)}`);
}

export function mergeNeeds(a: string, b: string): Promise<void> {
  return apiPost('/admin/analytics/demand/merge', { a, b });
}

export function splitWording(core: string): Promise<void> {
  return apiPost('/admin/analytics/demand/split', { core });
}

export function markNeed(input: { cores: string[]; label: string; status: DemandStatus; appSlug?: string | null }): Promise<void> {
  return apiPost('/admin/analytics/demand/mark', input);
}
