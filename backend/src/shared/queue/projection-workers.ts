/**
 * The worker side of the projectors: consumes wake-up jobs (when Redis is configured) and polls every
 * projection on an interval. Any number of processes may run this; the runner's advisory lock lets one
 * of them work on a given projection at a time.
 */
import { Worker } from 'bullmq';
import type { ProjectionRunner } from '../projections/projection-runner.js';
import type { QueueRedis } from '../redis/redis-connection.js';
import { PROJECTIONS_QUEUE } from './projection-wakeup.js';

export interface ProjectionWorkersOptions {
  pollMs: number;
  redis?: QueueRedis;
  /** Told when the wake-up queue cannot reach Redis (it reconnects by itself; the poll keeps projecting). */
  onRedisError?: (error: Error) => void;
}

export class ProjectionWorkers {
  private worker?: Worker;
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly options: ProjectionWorkersOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    if (this.options.redis) {
      this.worker = new Worker(
        PROJECTIONS_QUEUE,
        async (job) => {
          // Free the deduplication id first: an append committed while this job runs queues a new wake-up.
          await job.removeDeduplicationKey();
          await this.runner.catchUp(job.name);
        },
        {
          connection: this.options.redis.connection,
          prefix: this.options.redis.prefix,
          concurrency: Math.max(1, this.runner.asyncProjections.length),
        },
      );
      this.worker.on('error', (error) => this.options.onRedisError?.(error));
    }
    this.timer = setInterval(() => this.poll(), this.options.pollMs);
    this.poll();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.worker?.close();
    await this.polling;
  }

  private poll(): void {
    if (this.polling) return;
    this.polling = this.runner.catchUpAll().finally(() => (this.polling = undefined));
  }
}
