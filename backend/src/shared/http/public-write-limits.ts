/**
 * Every public write is limited per client address (spec: abuse). Which routes are public writes is read
 * from the matched route, not a list, so a write added later is limited without anyone remembering to:
 * any method but GET/HEAD outside /api/admin (administrators) and /api/auth (its own, stricter limits).
 * The tracker's batches have a limit of their own, sized for a tab flushing every few seconds.
 */
import type { FastifyRequest as Request } from 'fastify';
import type { RateLimit } from './rate-limit.js';

export const PUBLIC_WRITE = 'public-write';
export const ANALYTICS_COLLECT = 'analytics-collect';
const COLLECT_PATH = '/api/analytics/collect';

const MINUTE = 60_000;

/** The route's declared path (the pattern the router matched, not the request's URL). */
function routePath(request: Request): string {
  return (request.routeOptions.url ?? '').toLowerCase();
}

export function isPublicWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const path = routePath(request);
  return !path.startsWith('/api/admin/') && !path.startsWith('/api/auth/') && path !== COLLECT_PATH;
}

export const publicWriteLimits: RateLimit[] = [
  { name: PUBLIC_WRITE, limit: 30, windowMs: MINUTE, appliesTo: isPublicWrite },
  { name: ANALYTICS_COLLECT, limit: 120, windowMs: MINUTE, appliesTo: (request) => routePath(request) === COLLECT_PATH },
];
