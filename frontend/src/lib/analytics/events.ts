/** The events the tracker sends to POST /api/analytics/collect (docs: the analytics wire contract). */
import type { ClickIds, TrafficType, Utm } from './attribution';

export type InteractionAction = 'view' | 'cta_click' | 'open_app' | 'share' | 'quiz_start' | 'quiz_complete';

interface Base {
  sessionId: string;
  /** ISO-8601, from the client's clock. */
  at: string;
}

export interface SessionStart extends Base {
  type: 'session_start';
  visitorId: string | null;
  url: string;
  referrer: string | null;
  utm: Utm;
  clickIds: ClickIds;
  parsedReferrer: string | null;
  trafficType: TrafficType;
  campaignSource: string | null;
}

export interface PageView extends Base {
  type: 'page_view';
  pageViewId: string;
  url: string;
  title: string;
  referrer: string | null;
  potentialKeywords: string[];
}

export interface PageTime extends Base {
  type: 'page_time';
  pageViewId: string;
  seconds: number;
}

export interface SessionEnd extends Base {
  type: 'session_end';
  timeOnSite: number;
  pagesViewed: number;
}

export interface Interaction extends Base {
  type: 'interaction';
  eventId: string;
  appId: string | null;
  action: InteractionAction;
  metadata: Record<string, unknown>;
}

export type AnalyticsEvent = SessionStart | PageView | PageTime | SessionEnd | Interaction;

/** The server refuses longer values; cut here so one long URL does not cost the whole batch. */
export const LIMITS = { url: 2048, title: 300, referrer: 2048, metadataBytes: 2048 } as const;
