/**
 * The JSON body parser: Fastify's own, which refuses prototype poisoning (`__proto__`, `constructor.prototype`)
 * with a 400, plus the rules the API has: an empty body is `{}` (a command without fields, such as sign-out,
 * may send the JSON content type and nothing else); the body must be an object or an array (a bare `null` or
 * string is refused before any handler sees it); and it may nest at most MAX_JSON_DEPTH levels. No endpoint
 * takes more than a few, and everything that walks a body afterwards (the control-character check, zod, the
 * event log's jsonb) then works on a shallow value: the depth is measured on the text, in one pass, before
 * anything is built from it.
 */
import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors/domain-error.js';

const JSON_OBJECT_REQUIRED = 'The request body must be a JSON object.';
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`;

type Done = (error: Error | null, body?: unknown) => void;

export function jsonBodyParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Done): void => {
    const text = body.toString();
    const first = text.trimStart()[0];
    if (first === undefined) return done(null, {});
    if (first !== '{' && first !== '[') return done(new BadRequestException(JSON_OBJECT_REQUIRED));
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new ValidationError(TOO_DEEP_MESSAGE, { '(body)': TOO_DEEP_MESSAGE }));
    void parse(request, text, done);
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether JSON text opens more than `max` objects or arrays inside each other (brackets in strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
