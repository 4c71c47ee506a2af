/**
 * Every public write is limited per client address (spec: abuse), in two ways: each route on its own
 * (PUBLIC_WRITE_LIMIT a minute, checked by the rate-limit guard) and all of them together (the budget,
 * PUBLIC_WRITE_BUDGET a minute, client-budget.ts), so that a dozen routes do not make a dozen allowances.
 * Which requests are public writes is read from the matched route, not a list, so a write added later is
 * limited without anyone remembering to: any method but GET/HEAD under /api but /api/admin (administrators)
 * and the tracker's batches (a limit of their own, ANALYTICS_COLLECT, sized for a tab flushing every few seconds
 * and counted by the route's own handler: analytics/collect/collect-route.ts). The auth
 * routes have stricter limits of their own (identity.rate-limits.ts) and count towards the budget too.
 */
import type { FastifyRequest as Request } from 'fastify';
import type { Config } from '../config/config.js';
import { isApiPath, pathOf } from './api-path.js';
import type { RateLimit } from './rate-limit.js';

export const PUBLIC_WRITE = 'public-write';
export const ANALYTICS_COLLECT = 'analytics-collect';
export const COLLECT_PATH = '/api/analytics/collect';

export const MINUTE = 60_000;

/** The route's declared path (the pattern the router matched), or the request's own path when none matched. */
function routePath(request: Request): string {
  return (request.routeOptions.url ?? pathOf(request.url)).toLowerCase();
}

/** A request that may change something (a CORS preflight, OPTIONS, only asks whether it may). */
const isWrite = (request: Request) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

/** A write anyone may send, counted against the client's budget. */
export function isBudgetedWrite(request: Request): boolean {
  if (!isWrite(request)) return false;
  const path = routePath(request);
  return isApiPath(path) && !path.startsWith('/api/admin/') && path !== COLLECT_PATH;
}

/** A budgeted write without limits of its own: limited per route as well. */
export function isPublicWrite(request: Request): boolean {
  return isBudgetedWrite(request) && !routePath(request).startsWith('/api/auth/');
}

export function publicWriteLimits(config: Pick<Config, 'PUBLIC_WRITE_LIMIT'>): RateLimit[] {
  return [{ name: PUBLIC_WRITE, limit: config.PUBLIC_WRITE_LIMIT, windowMs: MINUTE, appliesTo: isPublicWrite }];
}
