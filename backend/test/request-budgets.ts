/**
 * What one anonymous request may cost (docs/security.md, "What one anonymous request may cost"), held by
 * request-cost.e2e-spec.ts against the worst request each route's own limits allow. Set from measurements
 * with two to three times headroom; a route not listed here is held to DEFAULT_BUDGET.
 */
export interface Budget {
  /** Rows left in PostgreSQL, every table, once the projections have applied the request. */
  rows: number;
  /** Bytes left (pg_column_size of those rows), in KB. */
  kb: number;
  /** CPU time of the API process answering the request, in ms. */
  cpuMs: number;
  /** Events handed to async projections (an event three projections handle counts three). */
  projected: number;
  /** CPU time of the API process while the async projections catch up, in ms. */
  projectionCpuMs: number;
}

/** A read, or a write that stores one small record. */
export const DEFAULT_BUDGET: Budget = { rows: 5, kb: 4, cpuMs: 50, projected: 3, projectionCpuMs: 150 };

/** A page of the site, put together on the server (its SEO tags, its JSON block). */
const PAGE: Budget = { ...DEFAULT_BUDGET, cpuMs: 100 };

/** By `METHOD /path` as the OpenAPI document names it (pages by their route); every tracker batch has one. */
export const BUDGETS: Record<string, Budget> = {
  // A lead, its session, its referral code and stats, the confirmation e-mail.
  'POST /api/leads': { rows: 15, kb: 10, cpuMs: 50, projected: 8, projectionCpuMs: 150 },
  'POST /api/quiz-results': { rows: 12, kb: 15, cpuMs: 50, projected: 5, projectionCpuMs: 150 },
  'POST /api/suggestions': { rows: 15, kb: 12, cpuMs: 50, projected: 5, projectionCpuMs: 150 },
  'POST /api/quick-questions': { rows: 12, kb: 10, cpuMs: 50, projected: 3, projectionCpuMs: 150 },
  // Its text three times: the event, the inquiry, the e-mail to the team.
  'POST /api/developer-inquiries': { rows: 8, kb: 40, cpuMs: 50, projected: 3, projectionCpuMs: 150 },
  // Hashing the password.
  'POST /api/auth/sign-up': { rows: 10, kb: 5, cpuMs: 150, projected: 3, projectionCpuMs: 150 },
  'POST /api/auth/sign-in': { ...DEFAULT_BUDGET, cpuMs: 150 },
  'GET /': PAGE,
  'GET /c/{slug}': PAGE,
  'GET /app/{slug}': PAGE,
  'GET /sitemap-{part}.xml': PAGE,
  'GET /*': PAGE,
  // A batch of up to 50 events, its texts cut to their stored lengths, from at most 5 sessions and 24,000
  // characters of data (contracts/analytics/limits.ts): at worst about 50 rows and 47 KB.
  'POST /api/analytics/collect': { rows: 120, kb: 100, cpuMs: 60, projected: 120, projectionCpuMs: 200 },
};
