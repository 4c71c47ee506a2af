/**
 * Visitor analytics as events: one per tracker event, enriched on the server (see collect/enrich.ts), all
 * of a session in the stream `visit-<sessionId>`, appended without a version check (the high-volume path).
 * `key` is the contract's idempotency key: the projection counts an event with a key it has seen once only.
 * `at` is the client's clock, replaced by the server's when it is far off (see collect/enrich.ts).
 */
import type { Event } from '../shared/event-store/events.js';

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

export interface ClickIds {
  gclid: string | null;
  msclkid: string | null;
  fbclid: string | null;
}

export type TrafficType = 'search' | 'social' | 'paid' | 'ai' | 'referral' | 'direct';

export type InteractionAction = 'view' | 'cta_click' | 'open_app' | 'share' | 'quiz_start' | 'quiz_complete';

export interface UserAgentInfo {
  userAgent: string | null;
  browser: string | null;
  os: string | null;
  /** ua-parser-js device type (mobile, tablet…), 'desktop' when it names none. */
  deviceType: string | null;
}

export type AnalyticsSessionStarted = Event<
  'AnalyticsSessionStarted',
  {
    key: string;
    sessionId: string;
    visitorId: string | null;
    at: string;
    url: string;
    referrer: string | null;
    utm: Utm;
    clickIds: ClickIds;
    parsedReferrer: string | null;
    trafficType: TrafficType;
    campaignSource: string | null;
    ipHash: string | null;
    /**
     * Inputs of the session's traffic class (docs/analytics.md), kept so that a rebuild classifies it again
     * with the rules of the day: navigator.webdriver as the tracker sent it, and the data-centre network the
     * request came from (its name only; null for any other address). Absent from events logged before.
     */
    automation?: boolean | null;
    network?: string | null;
  } & UserAgentInfo
>;

export type AnalyticsPageViewed = Event<
  'AnalyticsPageViewed',
  {
    key: string;
    sessionId: string;
    pageViewId: string;
    at: string;
    url: string;
    /** The URL's path, as page_views.page_path keeps it (absent from page views logged before it was added). */
    path?: string;
    title: string;
    referrer: string | null;
    potentialKeywords: string[];
  }
>;

export type AnalyticsPageTimed = Event<
  'AnalyticsPageTimed',
  { key: string; sessionId: string; pageViewId: string; at: string; seconds: number }
>;

/** May come several times per session (each page hide): the latest `at` wins. */
export type AnalyticsSessionEnded = Event<
  'AnalyticsSessionEnded',
  { sessionId: string; at: string; timeOnSite: number; pagesViewed: number }
>;

export type AnalyticsAppInteraction = Event<
  'AnalyticsAppInteraction',
  {
    key: string;
    sessionId: string;
    eventId: string;
    at: string;
    appId: string | null;
    action: InteractionAction;
    metadata: Record<string, unknown>;
  }
>;

/**
 * A query the visitor settled on in the site's search box and how many apps it found; repeated with the same
 * `searchId` and `opened: true` when a result is opened. The query is the visitor's wording, nothing else.
 */
export type AnalyticsSearchPerformed = Event<
  'AnalyticsSearchPerformed',
  { sessionId: string; searchId: string; at: string; query: string; results: number; opened: boolean }
>;

export type VisitEvent =
  | AnalyticsSessionStarted
  | AnalyticsPageViewed
  | AnalyticsPageTimed
  | AnalyticsSessionEnded
  | AnalyticsAppInteraction
  | AnalyticsSearchPerformed;

/** The events of a visit the visits projection keeps (searches are the demand projection's). */
export const VISIT_EVENT_TYPES = [
  'AnalyticsSessionStarted',
  'AnalyticsPageViewed',
  'AnalyticsPageTimed',
  'AnalyticsSessionEnded',
  'AnalyticsAppInteraction',
] as const satisfies readonly Exclude<VisitEvent, AnalyticsSearchPerformed>['type'][];

/**
 * A batch refused, before every batch was kept, because its user agent was a bot's (isbot): its events were not
 * stored. No longer appended; those in the log are counted as excluded traffic, classed by their user agent.
 */
export type AnalyticsBotTrafficDropped = Event<'AnalyticsBotTrafficDropped', { at: string; events: number; bot: string }>;

export const visitStream = (sessionId: string) => `visit-${sessionId}`;
export const BOT_TRAFFIC_STREAM = 'analytics-bots';
