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
