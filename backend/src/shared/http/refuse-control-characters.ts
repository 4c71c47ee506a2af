/**
 * Text the database cannot store or a person cannot see: NUL (PostgreSQL refuses it in text and jsonb, which
 * would end the request in a 500), other C0 control characters and DEL (terminal escapes, invisible
 * spoofing), and lone UTF-16 surrogates (invalid jsonb). Refused once for every /api request, in the path,
 * the query string and the JSON body (keys and values), before any handler (a preHandler hook, once the body
 * is parsed), so a route added later is covered too.
 * Tab, line feed and carriage return stay allowed: messages have lines.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_INVALID } from '../../../../contracts/email.js';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../../contracts/errors.js';
import { isApiPath, pathOf } from './api-path.js';
import type { ErrorBody } from './domain-error.filter.js';

/** The tracker's batches are checked field by field by their own schema (analytics/collect), with this same message. */
const CHECKS_ITSELF = new Set(['/api/analytics/collect']);
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isHostileText = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** A value still to look at, with the key it sits under and its parent: the path is built only for the answer. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathTo(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path of the first hostile string (in document order) in a parsed JSON value ('' for the value itself),
 * or null. Iterative, each value and key looked at once: linear in the value's size at any depth.
 */
export function findControlCharacters(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (visit.parent && isHostileText(visit.key)) return pathTo(visit);
    const inner = visit.value;
    if (typeof inner === 'string') {
      if (isHostileText(inner)) return pathTo(visit);
    } else if (inner !== null && typeof inner === 'object') {
      const keys = Object.keys(inner);
      // Pushed last to first, so that the first key is looked at first.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (inner as Record<string, unknown>)[key], key, parent: visit });
      }
    }
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
  const field = isHostileText(decodedPath(path)) ? '(path)' : (findControlCharacters(request.query) ?? findControlCharacters(request.body));
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
