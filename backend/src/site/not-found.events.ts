import type { Event } from '../shared/event-store/events.js';

/**
 * A visitor asked for a page that does not exist. `bot`: the request's user agent is bot traffic (isbot's
 * rule), so the demand signals can leave crawlers out; absent on events recorded before it was noted.
 */
export type PageNotFound = Event<'PageNotFound', { path: string; via: 'server' | 'client'; bot?: boolean }>;

export const NOT_FOUND_STREAM = 'site-not-found';
