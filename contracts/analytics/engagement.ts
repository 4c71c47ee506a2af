/**
 * The admin dashboard's engagement figures (GET /api/admin/analytics/engagement) for a range of days in the
 * admin's time zone, with each card's change against the previous period of the same length: the type the
 * API's query returns and the SPA reads. The first row's figures are defined in docs/analytics.md
 * ("Figures"): visits are `totalSessions`, views per visit `avgPagesPerSession`, visit duration
 * `avgTimeOnSite`, each one figure under one name.
 */
import type { Channel } from './channels.js';

/** The figures that have a card, and so a change against the previous period. */
export const CARD_FIGURES = [
  'visitors',
  'totalSessions',
  'pageViews',
  'avgPagesPerSession',
  'bounceRate',
  'avgTimeOnSite',
  'appInteractions',
  'quizCompletionRate',
  'userReturnRate',
] as const;
export type CardFigure = (typeof CARD_FIGURES)[number];

/** A page (its path) and how many page views (top pages) or visits (entry and exit pages) it had. */
export interface PageCount {
  page: string;
  count: number;
}

/** Visits of one channel; 'unknown' for visits whose session start never arrived. */
export interface ChannelVisits {
  channel: Channel | 'unknown';
  visits: number;
}

export interface FigureChange {
  /** The figure in the previous period; null when that period had no sessions (no previous data). */
  previous: number | null;
  /** Whole percent against `previous`; null without a ratio (no previous data, or a previous 0). */
  percent: number | null;
}

export interface EngagementMetrics {
  /** The days counted (YYYY-MM-DD, included), their number, and the IANA zone they are counted in. */
  period: { from: string; to: string; days: number; timeZone: string };
  /** Unique visitors: distinct visitor ids among the visits (visits without one are left out). */
  visitors: number;
  /** Visits: sessions started in the range. */
  totalSessions: number;
  /** Page views in the range, by their time. */
  pageViews: number;
  /** Percent of the visits with one page view and no app interaction, one decimal. */
  bounceRate: number;
  /** App interactions in the range (every action but an app view), by their time. */
  appInteractions: number;
  /** Seconds, rounded: the mean session duration (analytics/metrics/session-duration.ts). */
  avgTimeOnSite: number;
  /** Views per visit: page views / visits, one decimal. */
  avgPagesPerSession: number;
  /** Quiz results / home page views × 100, one decimal. */
  quizCompletionRate: number;
  /** Top 5, by views of their apps (other interactions are not counted). */
  topCategories: { category: string; count: number }[];
  /** Top 6 hours (0–23, in the period's zone) by sessions started. */
  peakHours: { hour: number; sessions: number }[];
  /** Sessions started in each hour of the day (in the period's zone), all 24, hour 0 first. */
  sessionsByHour: { hour: number; sessions: number }[];
  /** Top 10; 'direct' when no referrer. */
  trafficSources: { source: string; sessions: number }[];
  /** Percent of the visitors in the range who had a session before it or more than one in it. */
  userReturnRate: number;
  /** The 10 pages with most page views. */
  topPages: PageCount[];
  /** The 10 pages most visits began on, and ended on. */
  entryPages: PageCount[];
  exitPages: PageCount[];
  /** Visits per channel, most first; channels without visits left out. */
  channels: ChannelVisits[];
  /** Each card's figure against the previous period of the same length. */
  changes: Record<CardFigure, FigureChange>;
}
