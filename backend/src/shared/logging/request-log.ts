/**
 * One JSON line per answered request: method, path (never the query string: it may hold an e-mail address;
 * an address in the path is masked), status and time, at info level. No headers, no client address. A path is
 * logged up to its first MAX_LOGGED_PATH characters: a line's size is not the client's to choose.
 *
 * Mounted as a Fastify onRequest hook rather than through nestjs-pino's middleware: that one keeps each request in an
 * AsyncLocalStorage, which on Node 20 hooks every promise of the process and cost a fifth of the API's
 * throughput. Below info level there is nothing to write, so nothing is mounted.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { maskAddressesIn } from '../validation/mask-email.js';

export const MAX_LOGGED_PATH = 500;

/**
 * What the process's own in-process requests carry (site/warm-up.ts) so that they are not logged as traffic: a
 * header whose value only this process knows, so no client can keep its requests out of the log.
 */
export const UNLOGGED_HEADER = { name: 'x-unsheet-unlogged', value: randomBytes(16).toString('hex') };

export function requestLog(logger: Logger) {
  if (!logger.isLevelEnabled('info')) return undefined;
  const log = pinoHttp({
    logger,
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: maskAddressesIn(req.url.split('?')[0] ?? '').slice(0, MAX_LOGGED_PATH),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    autoLogging: {
      ignore: (req) => (req.url ?? '').startsWith('/api/health') || req.headers[UNLOGGED_HEADER.name] === UNLOGGED_HEADER.value,
    },
  });
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    log(request.raw, reply.raw);
    done();
  };
}
