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

export class BullmqWakeup implements ProjectionWakeup {
  /** Projections whose wake-up is on its way to Redis: a wake-up sent later would add nothing. */
  private readonly sending = new Set<string>();

  constructor(
    private readonly queue: Queue,
    private readonly runner: ProjectionRunner,
    private readonly onError: OnError,
  ) {}

  wake(types: readonly string[]): void {
    for (const name of this.runner.namesHandling(types)) {
      if (this.sending.has(name)) continue;
      this.sending.add(name);
      this.queue
        .add(name, {}, { deduplication: { id: name }, removeOnComplete: true, removeOnFail: true })
        .catch((error) => this.onError(name, error))
        .finally(() => this.sending.delete(name));
    }
  }
}
