/**
 * Fixed-window hit counts per key: what every limit of the API is made of (the routes' rate limits, the
 * per-client budget of public writes, the not-found recording). Counted in Redis when the app has it, so
 * every API replica shares the counts, and in this process's memory otherwise. If Redis fails, the hit is
 * reported as the first of its window (the request is let through) and logged: a limit must not take the
 * site down with it.
 */
import type { RedisClient } from '../redis/redis-connection.js';
import type { Logger } from 'pino';

export interface Hits {
  /** Hits in the current window, this one included. */
  count: number;
  /** Time until the window ends. */
  msLeft: number;
}

export interface HitCounter {
  hit(key: string, windowMs: number): Promise<Hits>;
}

// One round trip: count the hit, start the window on the first one, report the time left. Sent by its SHA
// (EVALSHA), and in one write with the other hits of the same turn of the event loop (the connection is
// auto-pipelined: kernel.ts). It touches one key, so on a Redis Cluster it runs on the node that holds that key,
// and the counts spread over the cluster's slots.
const HIT = 'unsheetRateLimitHit';
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

type CountingRedis = RedisClient & { [HIT](key: string, windowMs: number): Promise<[number, number]> };

export class RedisHitCounter implements HitCounter {
  private readonly redis: CountingRedis;

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    if (!(HIT in redis)) redis.defineCommand(HIT, { numberOfKeys: 1, lua: INCREMENT });
    this.redis = redis as CountingRedis;
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    try {
      const [count, msLeft] = await this.redis[HIT](`${this.prefix}:rate-limit:${key}`, windowMs);
      return { count, msLeft };
    } catch (error) {
      this.logger.warn({ err: error, key: key.split(':')[0] }, 'rate limit store unavailable; request allowed');
      return { count: 1, msLeft: windowMs };
    }
  }
}

/** Windows that have ended are swept every this many hits, so the map stays as large as one window's keys. */
const SWEEP_EVERY = 1000;

export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<Hits> {
    const now = this.now();
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, msLeft: window.endsAt - now };
  }

  /** Keys with a live window (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
