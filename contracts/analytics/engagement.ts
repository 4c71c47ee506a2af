/**
 * The admin dashboard's engagement figures (GET /api/admin/analytics/engagement) for a range of UTC days:
 * the type the API's query returns and the SPA reads.
 */
export interface EngagementMetrics {
  totalSessions: number;
  /** Seconds, rounded. */
  avgTimeOnSite: number;
  /** One decimal. */
  avgPagesPerSession: number;
  /** Quiz results / home page views × 100, one decimal. */
  quizCompletionRate: number;
  /** Top 5, by views of their apps (other interactions are not counted). */
  topCategories: { category: string; count: number }[];
  /** Top 6, UTC hours 0–23. */
  peakHours: { hour: number; sessions: number }[];
  /** Top 10; 'direct' when no referrer. */
  trafficSources: { source: string; sessions: number }[];
  /** Percent of the visitors in the range who had a session before it or more than one in it. */
  userReturnRate: number;
}
