/**
 * One place that turns errors into HTTP answers: `{ code, message, fields? }`. Domain errors keep their
 * status and message; framework errors (unknown route, malformed JSON, body too large) keep their status;
 * a database out of reach (or a connection it dropped) is a 503 the client may retry; anything else is a
 * 500 with a generic message, and the details go to the log only.
 */
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { DomainError, ValidationError } from '../errors/domain-error.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = '5';

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
      void reply
        .header('Retry-After', RETRY_AFTER_SECONDS)
        .status(503)
        .send({ code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      return;
    }
    const [status, body] = this.toHttp(error);
    if (status >= 500) this.logger.error(error);
    void reply.status(status).send(body);
  }

  private toHttp(error: unknown): [number, ErrorBody] {
    if (error instanceof ValidationError) return [error.status, { code: error.code, message: error.message, fields: error.fields }];
    if (error instanceof DomainError) return [error.status, { code: error.code, message: error.message }];
    if (error instanceof HttpException) {
      const status = error.getStatus();
      return [status, { code: HTTP_CODES[status] ?? `HTTP_${status}`, message: messageOf(error) }];
    }
    return [500, { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' }];
  }
}

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : error.message;
}
