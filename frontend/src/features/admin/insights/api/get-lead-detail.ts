import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { LeadStanding } from '../../../../../../contracts/early-access/lead';

// GET /api/admin/analytics/leads/by-id/:leadId: the lead, its own sessions, page views and app interactions
// (the session it joined in and every session of the same visitor), quiz results, referral figures and
// session metrics, and its standing (confirmation, flags, the referral it joined through); 404
// ANALYTICS.LEAD_NOT_FOUND for an unknown id.
export const leadDetailKey = (leadId: string) => `/admin/analytics/leads/by-id/${encodeURIComponent(leadId)}`;

export interface LeadSession {
  session_id: string;
  start_time: string;
  end_time: string | null;
  time_on_site: number | null;
  /** Seconds from the session's first event to its last, the last page included. */
  duration: number;
  pages_viewed: number;
  landing_url: string | null;
  referrer: string | null;
  parsed_referrer: string | null;
  traffic_type: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  browser: string | null;
  os: string | null;
  device_type: string | null;
}

export interface LeadPageView {
  session_id: string;
  page_url: string;
  page_title: string;
  time_on_page: number | null;
  referrer: string | null;
  timestamp: string;
  created_at: string;
}

export interface LeadAppInteraction {
  session_id: string;
  action_type: string;
  app_id: string | null;
  /** The app's name today; null without an app, or when the app is gone. */
  app_name: string | null;
  metadata: Record<string, unknown>;
  timestamp: string;
  created_at: string;
}

export interface LeadQuizResult {
  id: string;
  created_at: string;
  recommended_app: string | null;
  answers: unknown;
}

export interface LeadDetail {
  lead: {
    id: string;
    email: string;
    sourcePage: string | null;
    referralCode: string;
    joinedAt: string;
    sessionId: string | null;
    standing: LeadStanding;
  };
  sessions: LeadSession[];
  pageViews: LeadPageView[];
  appInteractions: LeadAppInteraction[];
  quizResults: LeadQuizResult[];
  referralData: { code: string; clicks: number; conversions: number; revenue_earned: number } | null;
  sessionMetrics: { totalSessions: number; uniquePagesVisited: number; totalTimeSpent: number; avgTimePerSession: number };
}

export function useLeadDetail(leadId: string) {
  // A 404 is an answer, not a hiccup: never retried.
  return useSWR<LeadDetail, ApiError>(leadDetailKey(leadId), { shouldRetryOnError: false });
}
