/**
 * Rate limits with @nestjs/throttler, applied to every route by one global guard. Each limit is a named
 * throttler that applies where its `appliesTo` says (by default: the routes that name it with
 * `@RateLimited(...)`), counted by the app's HitCounter (Redis when the app has it, so every API replica
 * shares the counts, memory otherwise). Over the limit: 429 with Retry-After and a clear message.
 * Requests refused before the guard runs (malformed or oversized bodies) count against the client's budget
 * of public writes instead (client-budget.ts).
 */
import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyRequest as Request } from 'fastify';
import { RateLimitedError } from '../errors/domain-error.js';
import { clientAddress } from './client-address.js';
import type { HitCounter } from './hit-counter.js';

export interface RateLimit {
  name: string;
  /** Requests allowed per window, before RATE_LIMIT_FACTOR. */
  limit: number;
  windowMs: number;
  /** Who is counted: the client address (clientAddress: an IPv6 client by its /64) by default. */
  tracker?: (request: Request) => string;
  /** Which requests count (by default, those of routes marked `@RateLimited(name)`). */
  appliesTo?: (request: Request) => boolean;
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

const RATE_LIMITS = 'unsheet:rate-limits';

/** Applies the named limits to a route (all of them must allow the request). */
export const RateLimited = (...names: string[]) => SetMetadata(RATE_LIMITS, names);

export function throttlerOptions(limits: readonly RateLimit[], factor: number, storage: ThrottlerStorage): ThrottlerModuleOptions {
  return {
    throttlers: limits.map((limit) => ({
      name: limit.name,
      limit: limit.limit * factor,
      ttl: limit.windowMs,
      skipIf: (context: ExecutionContext) =>
        limit.appliesTo ? !limit.appliesTo(context.switchToHttp().getRequest<Request>()) : !namesOf(context).includes(limit.name),
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
    return clientAddress(request as unknown as Request) || 'unknown';
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new RateLimitedError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
  }
}

/** The throttler's counts, kept by the app's HitCounter (Redis or memory) under the throttler's name. */
export class HitCounterStorage implements ThrottlerStorage {
  constructor(private readonly hits: HitCounter) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string) {
    const { count, msLeft } = await this.hits.hit(`${throttlerName}:${key}`, ttl);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    const isBlocked = count > limit;
    return { totalHits: count, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}
