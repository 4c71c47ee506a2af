import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { LeadDetail } from '../../../../../../contracts/analytics/dashboard';

// GET /api/admin/analytics/leads/by-id/:leadId: the lead, its own sessions, page views and app interactions
// (the session it joined in and every session of the same visitor), quiz results, referral figures and
// session metrics, and its standing (confirmation, flags, the referral it joined through); 404
// ANALYTICS.LEAD_NOT_FOUND for an unknown id.
export const leadDetailKey = (leadId: string) => `/admin/analytics/leads/by-id/${encodeURIComponent(leadId)}`;

export type { LeadDetail };
export type LeadSession = LeadDetail['sessions'][number];
export type LeadPageView = LeadDetail['pageViews'][number];
export type LeadAppInteraction = LeadDetail['appInteractions'][number];
export type LeadQuizResult = LeadDetail['quizResults'][number];

export function useLeadDetail(leadId: string) {
  // A 404 is an answer, not a hiccup: never retried.
  return useSWR<LeadDetail, ApiError>(leadDetailKey(leadId), { shouldRetryOnError: false });
}
