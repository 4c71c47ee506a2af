/** Where the tracker sends its batches; the service worker lets these requests go past it (sw/cache-rules.ts). */
export const COLLECT_PATH = '/api/analytics/collect';
