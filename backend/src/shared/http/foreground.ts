/**
 * Requests first. A process that serves HTTP and runs the workers too (RUN_WORKERS, the default) runs both on
 * one event loop: a projection pass or an e-mail batch that starts while a burst of requests is being answered
 * takes its share of the CPU from every one of them, and a burst of sign-ups waits for the work of the burst
 * before it (load-tests/README.md has the figures). So background batches start when no request is in
 * flight, or after `maxWaitMs` however busy the process is: under a load that never pauses, each batch waits
 * that long, and the work falls behind until the load ends. A process that serves no HTTP
 * (`npm run start:worker`) never waits.
 */
import type { FastifyInstance } from 'fastify';

/**
 * The longest a background batch waits for a moment without requests: about what a burst of 200 sign-ups
 * takes to be answered. Longer would let a steady load starve the projections, and the analytics ingest
 * holds clients back once the visits projection is a second behind (ingest-backpressure.ts).
 */
export const FOREGROUND_MAX_WAIT_MS = 100;

export class Foreground {
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly maxWaitMs = FOREGROUND_MAX_WAIT_MS) {}

  /** Counts each request from its arrival until its connection has its answer or is closed. */
  track(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (_request, reply, done) => {
      this.inFlight++;
      reply.raw.once('close', () => this.ended());
      done();
    });
  }

  /** Resolves once no request is in flight (at once when none is), or after maxWaitMs. */
  quiet(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.waiting.delete(go);
        resolve();
      };
      const timer = setTimeout(go, this.maxWaitMs);
      this.waiting.add(go);
    });
  }

  private ended(): void {
    this.inFlight--;
    if (this.inFlight > 0 || this.waiting.size === 0) return;
    // Once the answers of this turn of the event loop are on their way, and if no request came meanwhile.
    setImmediate(() => {
      if (this.inFlight === 0) for (const go of [...this.waiting]) go();
    });
  }
}
