/** A visitor asked for a page that does not exist: broken inbound or in-app links show up in the log. */
import { z } from 'zod';
import type { Event } from '../shared/event-store/events.js';
import type { UnversionedEvent } from '../shared/event-store/event-store.js';

export type PageNotFound = Event<'PageNotFound', { path: string; via: 'server' | 'client' }>;

const MAX_RECORDED_PATH = 300;
export const NOT_FOUND_STREAM = 'site-not-found';

export const reportNotFoundInput = z.strictObject({
  path: z
    .string({ error: 'path must be text.' })
    .max(2048, 'path must be at most 2048 characters long.')
    .regex(/^\/[^\p{Cc}]*$/u, 'path must start with / and contain no control characters.'),
});

export function pageNotFound(path: string, via: PageNotFound['data']['via']): UnversionedEvent & PageNotFound {
  return { streamId: NOT_FOUND_STREAM, type: 'PageNotFound', data: { path: path.slice(0, MAX_RECORDED_PATH), via } };
}
