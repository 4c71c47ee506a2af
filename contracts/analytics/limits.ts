/**
 * The constants of the tracker's wire format (collect.ts), apart from its schemas: the SPA imports these
 * without zod.
 */
export const MAX_EVENTS_PER_BATCH = 50;

/**
 * Sessions one batch may speak for: a tab's tracker sends its own session's events (two when one ends and the
 * next begins while the page is open). The events of further sessions are left out at ingest: each session is
 * rows of its own (the visit, its facts, its rollups).
 */
export const MAX_SESSIONS_PER_BATCH = 5;

/**
 * Searches one batch may hold: the search box sends a query once the visitor settles on it, a few a batch
 * (more when a queue kept offline is sent at once). The rest are left out at ingest (each is read by the demand
 * projection, rows of its own); SEARCHES_PER_CLIENT_HOUR bounds them across batches.
 */
export const MAX_SEARCHES_PER_BATCH = 10;

/**
 * Searches one client address (an IPv6 client by its /64) brings to the demand signals in an hour. A session
 * id is the client's to make up, so the demand projection's cap per session alone would let one client fill a
 * day's signals with fresh sessions; people behind one office address search far less than this. The rest
 * are left out at ingest; the visitor's search itself works as ever.
 */
export const SEARCHES_PER_CLIENT_HOUR = 100;

/**
 * Characters of event data (JSON, once cut to STORED) one batch may keep: a real batch, 20 events of a
 * real page's values, is well under it. Events past it are left out at ingest.
 */
export const STORED_BATCH_CHARACTERS = 24_000;

/** Longest values the API accepts; the tracker cuts to them, so that one long URL does not cost the whole batch. */
export const LIMITS = { url: 2048, title: 300, referrer: 2048, metadataBytes: 2048, searchQuery: 200 } as const;

/**
 * Longest values stored: the API cuts what it accepts (up to LIMITS) to these, at a character boundary, when it
 * enriches the batch (backend/src/analytics/collect/enrich.ts). A real page's values fit; what one batch may
 * leave in the database is bounded by them (docs/security.md, "What one anonymous request may keep"). The
 * campaign's UTM values and click ids are read from the whole landing URL before it is cut.
 */
export const STORED = {
  url: 1024,
  /** A page's path, read from its (cut) URL. */
  path: 300,
  referrer: 512,
  title: 150,
  keywords: 10,
  keyword: 30,
  searchQuery: 80,
  utm: 100,
  clickId: 200,
  /** parsedReferrer and campaignSource. */
  source: 100,
  metadataBytes: 512,
  userAgent: 400,
} as const;

export const TRAFFIC_TYPES = ['search', 'social', 'paid', 'ai', 'referral', 'direct'] as const;
export type TrafficType = (typeof TRAFFIC_TYPES)[number];

export const INTERACTION_ACTIONS = ['view', 'cta_click', 'open_app', 'share', 'quiz_start', 'quiz_complete'] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
