/**
 * Batches analytics events: a request per 20 events or every 5 seconds, whichever comes first, and all that
 * is left at once when the page is hidden (a beacon survives the page going away). Nothing here is awaited
 * by the page; failures are logged, and a batch that failed for a reason worth retrying (network down,
 * server busy) goes back to the front of the queue for the next flush.
 */
import { MAX_BATCH_EVENTS, serialise, takeBatches } from './beacon';

export const FLUSH_INTERVAL_MS = 5000;
/** Kept while the server cannot be reached; beyond that the oldest are dropped. */
export const MAX_PENDING_EVENTS = 200;
const MAX_RETRY_DELAY_MS = 60_000;

/** What happened to a batch: accepted, worth sending again later, or refused for good (invalid). */
export type SendOutcome = 'sent' | 'retry' | 'refused';

export interface Transport {
  /** A normal request (fetch keepalive). */
  post(body: string): Promise<SendOutcome>;
  /** While the page is hidden or unloading: false when the browser would not queue it. */
  beacon(body: string): boolean;
}

export interface BatchQueue<Event> {
  push(event: Event): void;
  /** Sends everything now, by beacon; for page hide. */
  flushOnHide(): void;
  /** Events not yet handed to the network (for tests and debugging). */
  readonly pending: number;
}

export function createBatchQueue<Event>(transport: Transport): BatchQueue<Event> {
  let queue: Event[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  function schedule() {
    if (timer !== undefined || queue.length === 0) return;
    // Back off while requests fail, so a visitor offline for an hour does not send one every 5 s.
    const delay = Math.min(FLUSH_INTERVAL_MS * 2 ** failures, MAX_RETRY_DELAY_MS);
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, delay);
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    for (const batch of takeBatches(queue.splice(0))) void post(batch);
  }

  async function post(batch: Event[]) {
    const outcome = await transport.post(serialise(batch)).catch((error: unknown) => {
      console.debug('Analytics: sending failed', error);
      return 'retry' as const;
    });
    if (outcome === 'sent') {
      failures = 0;
      return;
    }
    if (outcome === 'refused') {
      console.warn(`Analytics: the server refused ${batch.length} events`);
      return;
    }
    failures = Math.min(failures + 1, 10);
    queue = [...batch, ...queue].slice(-MAX_PENDING_EVENTS);
    schedule();
  }

  return {
    push(event) {
      queue.push(event);
      if (queue.length > MAX_PENDING_EVENTS) queue.shift();
      if (queue.length >= MAX_BATCH_EVENTS && failures === 0) flush();
      else schedule();
    },
    flushOnHide() {
      clearTimeout(timer);
      timer = undefined;
      for (const batch of takeBatches(queue.splice(0))) {
        const body = serialise(batch);
        // The browser refuses a beacon when its quota is used up; keepalive fetch is the next best thing.
        if (!transport.beacon(body)) void post(batch);
      }
    },
    get pending() {
      return queue.length;
    },
  };
}
