/**
 * Text the database cannot store or a person cannot see: NUL (PostgreSQL refuses it in text and jsonb, which
 * would end the request in a 500), other C0 control characters and DEL (terminal escapes, invisible
 * spoofing), and lone UTF-16 surrogates (invalid jsonb). Refused once for every /api request, in the path,
 * the query string and the JSON body (keys and values), before any handler (a preHandler hook, once the body
 * is parsed), so a route added later is covered too.
 * Tab, line feed and carriage return stay allowed: messages have lines.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_INVALID } from '../validation/email.js';
import { isApiPath, pathOf } from './api-path.js';
import type { ErrorBody } from './domain-error.filter.js';

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';
/** The tracker's batches are checked field by field by their own schema (analytics/collect), with this same message. */
const CHECKS_ITSELF = new Set(['/api/analytics/collect']);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isHostileText = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** The path of the first hostile string in a parsed JSON value ('' for the value itself), or null. */
export function findControlCharacters(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isHostileText(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (isHostileText(key)) return [...path, key].join('.');
    const found = findControlCharacters(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // malformed escapes: the router answers those itself
  }
}

export function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const path = pathOf(request.url);
  if (!isApiPath(path) || CHECKS_ITSELF.has(path)) return done();
  const field = isHostileText(decodedPath(path))
    ? '(path)'
    : (findControlCharacters(request.query) ?? findControlCharacters(request.body));
  if (field === null) return done();
  const name = field || '(body)';
  // An address with a control character is simply not a valid address: the spec's message (§5).
  const message = /email$/i.test(name) ? EMAIL_INVALID : CONTROL_CHARACTERS_MESSAGE;
  const body: ErrorBody = {
    code: 'VALIDATION_FAILED',
    message: name === '(body)' ? message : `${name}: ${message}`,
    fields: { [name]: message },
  };
  void reply.status(400).send(body);
}
