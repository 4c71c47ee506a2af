/**
 * One budget per client address across all public writes (PUBLIC_WRITE_BUDGET a minute, times
 * RATE_LIMIT_FACTOR), checked when the request arrives, before its body is read: a client over budget costs
 * a counter increment, not a parse. Requests the API refuses (400, 413, 415) count against it whatever their
 * method or route, including those refused before any handler or guard runs (a malformed, oversized or too
 * deeply nested body): refusing is not free, so a client cannot try again and again at no cost.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from './client-address.js';
import { RATE_LIMITED_MESSAGE } from './rate-limit.js';
import type { HitCounter } from './hit-counter.js';
import { isApiPath, pathOf } from './api-path.js';
import { sendError } from './domain-error.filter.js';
import { isBudgetedWrite, MINUTE } from './public-write-limits.js';

const BUDGET = 'public-write-budget';
const REFUSALS = new Set([400, 413, 415]);

export function clientBudget(hits: HitCounter, limit: number) {
  const spend = (request: FastifyRequest) => hits.hit(`${BUDGET}:${clientAddress(request)}`, MINUTE);

  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      if (!isBudgetedWrite(request)) return undefined;
      const { count, msLeft } = await spend(request);
      if (count <= limit) return undefined;
      // Returning the reply ends the request here (an async hook's early answer).
      return sendError(reply.header('Retry-After', String(Math.max(1, Math.ceil(msLeft / 1000)))), 429, {
        code: 'RATE_LIMITED',
        message: RATE_LIMITED_MESSAGE,
      });
    },
    /** Refusals of requests the budget did not count on arrival (reads, admin routes) count once answered. */
    onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      if (REFUSALS.has(reply.statusCode) && !isBudgetedWrite(request) && isApiPath(pathOf(request.url))) void spend(request);
      done();
    },
  };
}
