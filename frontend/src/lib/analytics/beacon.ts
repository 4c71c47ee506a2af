/**
 * How events travel to POST /api/analytics/collect: batches the server takes (at most 20 events, 60 KB), and
 * the beacon a page sends as it goes away. Shared by the tracker's queue (batch-queue.ts) and the part every
 * page carries (track.ts), which sends by beacon alone when the visitor leaves before the tracker has loaded.
 */
import { COLLECT_PATH } from './collect-path';

export const MAX_BATCH_EVENTS = 20;
/** Under the server's 64 KB body limit, with room to spare. */
export const MAX_BATCH_BYTES = 60_000;

export function serialise(events: unknown[]): string {
  return JSON.stringify({ events });
}

/** Queues a batch with the browser, which sends it even if the page is gone by then; false when it refuses (quota). */
export function beacon(body: string): boolean {
  try {
    return navigator.sendBeacon(COLLECT_PATH, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/** A keepalive request, which also outlives the page: for a batch the browser would not take as a beacon. */
export function keepalivePost(body: string): Promise<Response> {
  return fetch(COLLECT_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

/** Splits events into batches of at most 20 events and 60 KB of JSON. */
export function takeBatches<Event>(events: Event[]): Event[][] {
  const batches: Event[][] = [];
  let batch: Event[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = byteLength(JSON.stringify(event)) + 1;
    if (batch.length > 0 && (batch.length === MAX_BATCH_EVENTS || bytes + size > MAX_BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
