/**
 * Flow control between the tracker's ingest and the visits projection. Appending a batch costs less than
 * projecting it, so at saturation the ingest alone would fill the log faster than the projection applies it,
 * and what the admin sees would fall further behind every second. While the projection is more than
 * ANALYTICS_MAX_LAG_MS behind the newest event, a batch from a client that sent at least an even share of the
 * recent events (the last SHARE_WINDOW_MS to twice that, counted by this API process) waits before it is
 * appended (at most ANALYTICS_MAX_WAIT_MS, then it is appended anyway: nothing is dropped). The clients
 * sending most are those filling the log, so they are slowed to the rate the projection keeps up with, and a
 * visitor sending a batch now and then is not held behind them. When every client sends alike, every one of
 * them is held. A beacon's answer is not waited for by any page, so the wait costs visitors nothing. A client
 * is its address as the request resolved it (TRUST_PROXY), as for the rate limits.
 *
 * The lag is read at most every LAG_REFRESH_MS, by one query shared by every request waiting for it: the age
 * of the oldest event the projection has not applied, the first after the checkpoint of its partition furthest
 * behind (0 when there is none, or before the projection has run). A projection that has not moved for STALLED_MS is not
 * running (the workers are stopped or failing): waiting for it would slow every beacon for nothing, so
 * batches go through, and the projection works the backlog off when it runs again.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { ingestWaits } from '../../shared/metrics/metrics.js';
import { projectionLag } from '../../shared/projections/projection-runner.js';
import { visitsProjection } from '../projections/visits.projection.js';

export const LAG_REFRESH_MS = 100;
export const STALLED_MS = 5000;
export const SHARE_WINDOW_MS = 10_000;

/**
 * Events per client over the current window and the one before it (fixed windows of SHARE_WINDOW_MS): as many
 * entries as clients that sent something in the last two windows.
 */
export class RecentEvents {
  private readonly counts = new Map<string, { previous: number; current: number }>();
  private total = { previous: 0, current: 0 };
  private windowStart: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.windowStart = now();
  }

  add(client: string, events: number): void {
    this.rotate();
    const count = this.counts.get(client) ?? { previous: 0, current: 0 };
    count.current += events;
    this.counts.set(client, count);
    this.total.current += events;
  }

  /** Whether the client sent at least the mean of the recent events per client. */
  atLeastEvenShare(client: string): boolean {
    this.rotate();
    const count = this.counts.get(client);
    if (!count) return false;
    return (count.previous + count.current) * this.counts.size >= this.total.previous + this.total.current;
  }

  private rotate(): void {
    const windows = Math.floor((this.now() - this.windowStart) / SHARE_WINDOW_MS);
    if (windows === 0) return;
    this.windowStart += windows * SHARE_WINDOW_MS;
    this.total = { previous: windows === 1 ? this.total.current : 0, current: 0 };
    for (const [client, count] of this.counts) {
      count.previous = windows === 1 ? count.current : 0;
      count.current = 0;
      if (count.previous === 0) this.counts.delete(client);
    }
  }
}

@Injectable()
export class IngestBackpressure {
  private lag = 0;
  private readAt = -Infinity;
  private reading: Promise<number> | null = null;
  /** The checkpoint furthest behind, and when it was last seen to move. */
  private behindAt: string | null = null;
  private movedAt = -Infinity;
  private readonly recent = new RecentEvents();

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Pick<Config, 'ANALYTICS_MAX_LAG_MS' | 'ANALYTICS_MAX_WAIT_MS'>,
  ) {}

  /**
   * Counts the `events` of `client`'s batch, and resolves when the projection is close enough behind, when the
   * client's share of the recent events is below the mean, or when the batch has waited long enough.
   */
  async admit(client: string, events: number): Promise<void> {
    const { ANALYTICS_MAX_LAG_MS: maxLag, ANALYTICS_MAX_WAIT_MS: maxWait } = this.config;
    if (maxLag === 0) return;
    this.recent.add(client, events);
    const start = performance.now();
    const deadline = start + maxWait;
    while (this.recent.atLeastEvenShare(client) && (await this.currentLag()) > maxLag && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(LAG_REFRESH_MS, Math.max(0, deadline - performance.now()))));
    }
    const waited = performance.now() - start;
    if (waited >= 1) ingestWaits.observe(waited / 1000);
  }

  /** The projection's lag in ms, read again when the last reading is older than LAG_REFRESH_MS. */
  private currentLag(): Promise<number> {
    if (performance.now() - this.readAt < LAG_REFRESH_MS) return Promise.resolve(this.lag);
    this.reading ??= this.readLag()
      .then((lag) => {
        this.lag = lag;
        this.readAt = performance.now();
        return lag;
      })
      // A failed reading holds nothing back: the append will meet the same database and say so itself.
      .catch(() => 0)
      .finally(() => (this.reading = null));
    return this.reading;
  }

  private async readLag(): Promise<number> {
    const lag = await projectionLag(this.db, visitsProjection);
    if (!lag) return 0;
    const now = performance.now();
    if (lag.checkpoint !== this.behindAt) {
      this.behindAt = lag.checkpoint;
      this.movedAt = now;
    }
    return now - this.movedAt > STALLED_MS ? 0 : lag.ms;
  }
}
