/**
 * Wakes the projectors after an append. With Redis, a BullMQ job per projection, deduplicated by the
 * projection's name, so a burst of appends queues one wake-up; without Redis (the embedded default), the
 * runner in this process is called directly. Either way the job carries no data: the log is the truth, and
 * the periodic poll in ProjectionWorkers catches up if a wake-up is ever lost.
 */
import type { Queue } from 'bullmq';
import type { ProjectionRunner } from '../projections/projection-runner.js';

export const PROJECTIONS_QUEUE = 'projections';

export interface ProjectionWakeup {
  wake(types: readonly string[]): void;
}

type OnError = (projection: string, error: unknown) => void;

export class InProcessWakeup implements ProjectionWakeup {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly onError: OnError,
  ) {}

  wake(types: readonly string[]): void {
    for (const name of this.runner.namesHandling(types)) {
      this.runner.catchUp(name).catch((error) => this.onError(name, error));
    }
  }
}

/**
 * At most one wake-up per projection every WAKE_INTERVAL_MS: under a stream of appends (hundreds of tracker
 * batches a second) each would otherwise cost the API a Redis script, and one wake-up covers every append
 * committed before the worker reads the log. A wake-up asked for meanwhile is sent when the interval ends,
 * so the last append is never left waiting for the periodic poll.
 */
export const WAKE_INTERVAL_MS = 20;

export class BullmqWakeup implements ProjectionWakeup {
  /** Projections woken less than WAKE_INTERVAL_MS ago (or whose wake-up is on its way to Redis). */
  private readonly resting = new Set<string>();
  /** Of those, the ones asked for again meanwhile. */
  private readonly askedAgain = new Set<string>();

  constructor(
    private readonly queue: Queue,
    private readonly runner: ProjectionRunner,
    private readonly onError: OnError,
  ) {}

  wake(types: readonly string[]): void {
    for (const name of this.runner.namesHandling(types)) {
      if (this.resting.has(name)) this.askedAgain.add(name);
      else this.send(name);
    }
  }

  private send(name: string): void {
    this.resting.add(name);
    this.queue
      .add(name, {}, { deduplication: { id: name }, removeOnComplete: true, removeOnFail: true })
      .catch((error) => this.onError(name, error))
      .finally(() =>
        setTimeout(() => {
          this.resting.delete(name);
          if (this.askedAgain.delete(name)) this.send(name);
        }, WAKE_INTERVAL_MS).unref(),
      );
  }
}
