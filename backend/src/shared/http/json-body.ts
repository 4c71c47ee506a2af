/**
 * The JSON body parser: Fastify's own, which refuses prototype poisoning (`__proto__`, `constructor.prototype`)
 * with a 400, plus two rules the API has always had: an empty body is `{}` (a command without fields, such
 * as sign-out, may send the JSON content type and nothing else), and the body must be an object or an array
 * (a bare `null` or string is refused before any handler sees it).
 */
import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const JSON_OBJECT_REQUIRED = 'The request body must be a JSON object.';

type Done = (error: Error | null, body?: unknown) => void;

export function jsonBodyParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Done): void => {
    const text = body.toString();
    const first = text.trimStart()[0];
    if (first === undefined) return done(null, {});
    if (first !== '{' && first !== '[') return done(new BadRequestException(JSON_OBJECT_REQUIRED));
    parse(request, text, done);
  };
}
