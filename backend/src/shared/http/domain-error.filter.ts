/**
 * One place that turns errors into HTTP answers: `{ code, message, fields? }` as application/json, whatever
 * content type the route itself declared (a text route such as /robots.txt that fails still answers JSON).
 * Domain errors keep their status and message; framework errors (unknown route, malformed JSON, body too
 * large) keep their status, and an unknown route's 404 one message that does not echo the path; a database out of reach (or a connection it dropped) is a 503 the client may
 * retry; anything else is a 500 with a generic message, and the details go to the log only. Errors the
 * router raises before any route (a malformed URL) come through `sendRouterError`.
 */
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { UNEXPECTED_ERROR } from '../../../../contracts/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { DomainError, ValidationError } from '../errors/domain-error.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = '5';
/** An unknown API path or method, whatever the path: an answer that echoed it would carry the client's markup. */
export const NOT_FOUND_MESSAGE = 'There is nothing at this address.';

export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (isDatabaseUnavailable(error)) {
      this.logger.warn(`database unavailable: ${(error as Error).message}`);
      void sendError(reply.header('Retry-After', RETRY_AFTER_SECONDS), 503, {
        code: 'SERVICE_UNAVAILABLE',
        message: SERVICE_UNAVAILABLE_MESSAGE,
      });
      return;
    }
    const [status, body] = this.toHttp(error);
    if (status >= 500) this.logger.error(error);
    void sendError(reply, status, body);
  }

  private toHttp(error: unknown): [number, ErrorBody] {
    if (error instanceof ValidationError) return [error.status, { code: error.code, message: error.message, fields: error.fields }];
    if (error instanceof DomainError) return [error.status, { code: error.code, message: error.message }];
    if (error instanceof HttpException) {
      const status = error.getStatus();
      // The framework's own 404 says "Cannot GET <path>": the path is the client's text, never sent back.
      if (status === 404) return [404, { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE }];
      return [status, { code: HTTP_CODES[status] ?? `HTTP_${status}`, message: messageOf(error) }];
    }
    return [500, { code: 'INTERNAL', message: UNEXPECTED_ERROR }];
  }
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The router's own refusals (a malformed `%` escape, an over-long parameter): our shape, without echoing the path. */
export function sendRouterError(error: { statusCode?: number }, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long.' : 'The address is malformed.';
  void sendError(reply.header('X-Content-Type-Options', 'nosniff'), status, { code: HTTP_CODES[status] ?? `HTTP_${status}`, message });
}

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : error.message;
}
