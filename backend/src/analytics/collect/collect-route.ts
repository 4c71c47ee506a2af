/**
 * The tracker's batches are the API's busiest write, so POST /api/analytics/collect is answered by a plain
 * Fastify handler instead of Nest's router: the route stays the one AnalyticsController declares (its path,
 * OpenAPI description, body limit and every Fastify hook: security headers, the JSON body parser, the client
 * budget, the request log), only its handler is replaced as Fastify registers it. Nest's guards, pipes and
 * command bus cost about a fifth of the API's CPU per batch (docs/performance.md), for a route that needs
 * none of them but its rate limit: ANALYTICS_COLLECT, counted here as the rate-limit guard counts it (same
 * key, same headers, same 429), and the auth guard, which only reads a bearer token the route never uses.
 */
import type { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kernel } from '../../shared/kernel.js';
import { RateLimitedError } from '../../shared/errors/domain-error.js';
import { clientAddress } from '../../shared/http/client-address.js';
import { DomainErrorFilter } from '../../shared/http/domain-error.filter.js';
import { ANALYTICS_COLLECT, COLLECT_PATH, MINUTE } from '../../shared/http/public-write-limits.js';
import { HitCounterStorage, RATE_LIMITED_MESSAGE } from '../../shared/http/rate-limit.js';
import { CollectAnalytics, CollectAnalyticsHandler } from '../commands/collect-analytics.command.js';
import { AnalyticsController } from '../analytics.controller.js';

/** Requests a client may send a minute, before RATE_LIMIT_FACTOR (the rate-limit guard's ANALYTICS_COLLECT). */
export const COLLECT_LIMIT = 120;

export function serveCollectDirectly(app: INestApplication, fastify: FastifyInstance, kernel: Kernel): void {
  const handler = app.get(CollectAnalyticsHandler, { strict: false });
  const storage = new HitCounterStorage(kernel.hits);
  const limit = COLLECT_LIMIT * kernel.config.RATE_LIMIT_FACTOR;
  const filter = new DomainErrorFilter();
  // The throttler's own key for this route and limit (class, handler and limit name, then the client).
  const keyPrefix = `${AnalyticsController.name}-${AnalyticsController.prototype.collect.name}-${ANALYTICS_COLLECT}`;

  const collect = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = clientAddress(request);
    const tracker = address || 'unknown';
    const key = createHash('sha256').update(`${keyPrefix}-${tracker}`).digest('hex');
    const hits = await storage.increment(key, MINUTE, limit, MINUTE, ANALYTICS_COLLECT);
    if (hits.isBlocked) {
      void reply.header(`Retry-After-${ANALYTICS_COLLECT}`, hits.timeToBlockExpire);
      throw new RateLimitedError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    void reply
      .header(`X-RateLimit-Limit-${ANALYTICS_COLLECT}`, limit)
      .header(`X-RateLimit-Remaining-${ANALYTICS_COLLECT}`, Math.max(0, limit - hits.totalHits))
      .header(`X-RateLimit-Reset-${ANALYTICS_COLLECT}`, hits.timeToExpire);
    return handler.execute(new CollectAnalytics(request.body, request.headers['user-agent'], address));
  };

  fastify.addHook('onRoute', (route) => {
    if (route.url !== COLLECT_PATH || route.method !== 'POST') return;
    route.handler = (request: FastifyRequest, reply: FastifyReply) =>
      collect(request, reply).then(
        (result) => reply.code(202).send(result),
        (error: unknown) => filter.catch(error, { switchToHttp: () => ({ getResponse: () => reply }) } as never),
      );
  });
}
