import useSWR from 'swr';
import type {
  BotTraffic,
  DailySeries,
  RecordedSearchQueries,
  SearchQueries,
  TrafficSources,
  UtmCampaigns,
} from '../../../../../../contracts/analytics/dashboard';
import { ANALYTICS_WINDOW_DAYS, SEARCH_QUERIES_SHOWN } from '../../../../../../contracts/admin/first-screen';
import { apiPost, type ApiError } from '../../../../lib/api-client';
import { dayOffset } from '../format';

// The admin's analytics reads under /api/admin/analytics/, each for a range of whole days (from and to
// included) in the admin's time zone, and the two ways to record Search Console figures (the API fetch, a
// Queries CSV upload).
export interface DayRange {
  from: string;
  to: string;
  /** IANA zone the days are counted in (the admin's). */
  timeZone: string;
}

/** The traffic chart's first range and the analytics panel's window (spec §9: 30 days), ending today in the zone. */
export function analyticsWindow(timeZone: string, now = new Date()): DayRange {
  return { from: dayOffset(-(ANALYTICS_WINDOW_DAYS - 1), timeZone, now), to: dayOffset(0, timeZone, now), timeZone };
}

const rangeQuery = ({ from, to, timeZone }: DayRange) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&tz=${encodeURIComponent(timeZone)}`;

export const dailySeriesKey = (range: DayRange) => `/admin/analytics/daily?${rangeQuery(range)}`;
export const searchQueriesKey = (range: DayRange) => `/admin/analytics/search-queries?${rangeQuery(range)}&limit=${SEARCH_QUERIES_SHOWN}`;
export const trafficSourcesKey = (range: DayRange) => `/admin/analytics/traffic-sources?${rangeQuery(range)}`;
export const utmCampaignsKey = (range: DayRange) => `/admin/analytics/utm-campaigns?${rangeQuery(range)}`;
export const excludedTrafficKey = (range: DayRange) => `/admin/analytics/bots?${rangeQuery(range)}`;

export type DailyPoint = DailySeries[number];
export type SearchQueryStat = SearchQueries['topQueries'][number];
export type TrafficSourceRow = TrafficSources[number];
export type UtmCampaignRow = UtmCampaigns[number];
export type ExcludedClassRow = BotTraffic['classes'][number];

// Spec §8: data-loading errors of the analytics panel are logged only.
const logged = { onError: (error: ApiError) => console.error('Analytics panel: loading failed', error) };

export function useDailySeries(range: DayRange | null) {
  return useSWR<DailySeries, ApiError>(range ? dailySeriesKey(range) : null, logged);
}

/** `polling`: recorded figures are projected asynchronously, so after a recording the list is re-read each second. */
export function useSearchQueries(range: DayRange, polling = false) {
  return useSWR<SearchQueries, ApiError>(searchQueriesKey(range), {
    ...logged,
    refreshInterval: polling ? 1000 : 0,
  });
}

export function useTrafficSources(range: DayRange) {
  return useSWR<TrafficSources, ApiError>(trafficSourcesKey(range), logged);
}

export function useUtmCampaigns(range: DayRange) {
  return useSWR<UtmCampaigns, ApiError>(utmCampaignsKey(range), logged);
}

/** The traffic left out of the figures: bots and other non-person sessions, by class and rule. */
export function useExcludedTraffic(range: DayRange) {
  return useSWR<BotTraffic, ApiError>(excludedTrafficKey(range), logged);
}

/** The spec's refresh: the last 7 days from the Search Console API (503 when it is not connected). */
export function fetchSearchConsole(): Promise<RecordedSearchQueries> {
  return apiPost<RecordedSearchQueries>('/admin/analytics/search-queries/fetch');
}

/** A Search Console "Queries" CSV export, recorded for the period it covers. */
export function importSearchQueriesCsv(input: { startDate: string; endDate: string; csv: string }): Promise<RecordedSearchQueries> {
  return apiPost<RecordedSearchQueries>('/admin/analytics/search-queries/import', input);
}
