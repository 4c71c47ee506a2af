/**
 * Rate limits with @nestjs/throttler, applied to every route by one global guard. Each limit is a named
 * throttler that applies where its `appliesTo` says (by default: the routes that name it with
 * `@RateLimited(...)`), counted in Redis when the app has it (so every API replica shares the counts) and in
 * memory otherwise. Over the limit: 429 with Retry-After and a clear message.
 */
import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyRequest as Request } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimitedError } from '../errors/domain-error.js';

export interface RateLimit {
  name: string;
  /** Requests allowed per window, before RATE_LIMIT_FACTOR. */
  limit: number;
  windowMs: number;
  /** Who is counted: the client address by default. */
  tracker?: (request: Request) => string;
  /** Which requests count (by default, those of routes marked `@RateLimited(name)`). */
  appliesTo?: (request: Request) => boolean;
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

const RATE_LIMITS = 'unsheet:rate-limits';

/** Applies the named limits to a route (all of them must allow the request). */
export const RateLimited = (...names: string[]) => SetMetadata(RATE_LIMITS, names);

export function throttlerOptions(limits: readonly RateLimit[], factor: number, storage?: ThrottlerStorage): ThrottlerModuleOptions {
  return {
    throttlers: limits.map((limit) => ({
      name: limit.name,
      limit: limit.limit * factor,
      ttl: limit.windowMs,
      skipIf: (context: ExecutionContext) =>
        limit.appliesTo
          ? !limit.appliesTo(context.switchToHttp().getRequest<Request>())
          : !namesOf(context).includes(limit.name),
      ...(limit.tracker && { getTracker: (request: Record<string, unknown>) => limit.tracker!(request as unknown as Request) }),
    })),
    storage,
  };
}

function namesOf(context: ExecutionContext): string[] {
  return (
    (Reflect.getMetadata(RATE_LIMITS, context.getHandler()) as string[] | undefined) ??
    (Reflect.getMetadata(RATE_LIMITS, context.getClass()) as string[] | undefined) ??
    []
  );
}

@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return (request as unknown as Request).ip ?? 'unknown';
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new RateLimitedError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
  }
}

// One round trip: count the hit, start the window on the first one, report the time left. Sent by its SHA
// (EVALSHA), and in one write with the other hits of the same turn of the event loop (kernel.ts: `counters`).
const HIT = 'unsheetRateLimitHit';
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

type CountingRedis = Redis & { [HIT](key: string, ttlMs: number): Promise<[number, number]> };

/** Fixed-window counters in Redis. If Redis is unreachable the request is let through (and logged). */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly redis: CountingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    if (!(HIT in redis)) redis.defineCommand(HIT, { numberOfKeys: 1, lua: INCREMENT });
    this.redis = redis as CountingRedis;
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string) {
    try {
      const [hits, remainingMs] = await this.redis[HIT](`${this.prefix}:rate-limit:${throttlerName}:${key}`, ttl);
      const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
      const isBlocked = hits > limit;
      return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
    } catch (error) {
      this.logger.warn({ err: error, throttler: throttlerName }, 'rate limit store unavailable; request allowed');
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }
}
