/**
 * The constants of the tracker's wire format (collect.ts), apart from its schemas: the SPA imports these
 * without zod.
 */
export const MAX_EVENTS_PER_BATCH = 50;

/** Longest values the API accepts; the tracker cuts to them, so that one long URL does not cost the whole batch. */
export const LIMITS = { url: 2048, title: 300, referrer: 2048, metadataBytes: 2048, searchQuery: 200 } as const;

export const TRAFFIC_TYPES = ['search', 'social', 'paid', 'ai', 'referral', 'direct'] as const;
export type TrafficType = (typeof TRAFFIC_TYPES)[number];

export const INTERACTION_ACTIONS = ['view', 'cta_click', 'open_app', 'share', 'quiz_start', 'quiz_complete'] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
