import type { Trx } from '../db/tables.js';
import type { Event, RecordedEvent } from '../event-store/events.js';

/**
 * A read model fed by events. `handle` changes only the projection's own `tables`, inside the transaction
 * it is given: the append's transaction for inline projections, the projector's batch transaction (which
 * also moves the checkpoint) for async ones. Events come in batches so a projection can write once per batch.
 */
export interface Projection<E extends Event = Event> {
  readonly name: string;
  readonly mode: 'inline' | 'async';
  readonly handles: readonly E['type'][];
  /** Emptied by a rebuild before the log is replayed. */
  readonly tables: readonly string[];
  handle(trx: Trx, events: readonly RecordedEvent<E>[]): Promise<void>;
}

/**
 * Applies a batch set-wise without changing its order: each run of consecutive events of type `type` goes to
 * `run` together (one statement for a group of joins, say), and every other event to `each` in its place.
 */
export async function inRuns<R extends RecordedEvent, T extends R['type']>(
  events: readonly R[],
  type: T,
  run: (events: Extract<R, { type: T }>[]) => Promise<unknown>,
  each: (event: Exclude<R, { type: T }>) => Promise<unknown>,
): Promise<void> {
  let pending: Extract<R, { type: T }>[] = [];
  const flush = async () => {
    if (pending.length > 0) await run(pending);
    pending = [];
  };
  for (const event of events) {
    if (event.type === type) {
      pending.push(event as Extract<R, { type: T }>);
      continue;
    }
    await flush();
    await each(event as Exclude<R, { type: T }>);
  }
  await flush();
}
