import type { Event } from '../../shared/event-store/events.js';

/** One query's figures over a period: a day from the Search Console API, the export's period from a CSV. */
export interface SearchQueryRow {
  startDate: string;
  endDate: string;
  query: string;
  clicks: number;
  impressions: number;
  /** Average position over the period (1 = top). */
  position: number;
}

/** Search Console rows recorded (by the API fetch or a CSV import); a later row for the same period and query replaces it. */
export type SearchQueryStatsRecorded = Event<'SearchQueryStatsRecorded', { source: 'search-console' | 'csv'; rows: SearchQueryRow[] }>;

export const SEARCH_QUERIES_STREAM = 'search-queries';
/** Rows per event, so that no single event grows too large. */
export const ROWS_PER_EVENT = 1000;
