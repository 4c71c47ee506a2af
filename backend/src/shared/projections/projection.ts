import type { Trx } from '../db/tables.js';
import type { Event, RecordedEvent } from '../event-store/events.js';

/** Where a batch is applied: the partition of the projection whose events it holds (0 when it has one). */
export interface ProjectionContext {
  readonly partition: number;
}

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
  /**
   * Async only: the log is split by a hash of the stream id into this many partitions, each applied in
   * order with its own checkpoint and lock, so several runners apply the projection at once (1 when absent).
   * Every event of a stream is in one partition, in log order; partitions run in any order relative to each
   * other, so the projection's writes for different streams must not depend on one another (rows that
   * several streams add to are kept per partition, keyed by `context.partition`).
   */
  readonly partitions?: number;
  handle(trx: Trx, events: readonly RecordedEvent<E>[], context: ProjectionContext): Promise<void>;
  /**
   * Async only, optional: applies a batch in SQL from the log itself, given the positions of its events by
   * type, so the events' data never travel to this process and back. When present, the runner calls it
   * instead of `handle`; it must change the tables exactly as `handle` would for the same events.
   */
  handleLog?(trx: Trx, batch: LogBatch, context: ProjectionContext): Promise<void>;
}

/** A batch of the log by position: each type's events' positions, in log order. */
export interface LogBatch {
  readonly positions: ReadonlyMap<string, readonly number[]>;
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
