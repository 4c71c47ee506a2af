/** True when `error` is PostgreSQL's unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated, message } = error as { code?: string; constraint?: string; message?: string };
  if (code !== '23505') return false;
  return constraint === undefined || violated === constraint || (message ?? '').includes(`"${constraint}"`);
}

/** The database could not be reached: no connection could be opened (refused, timed out, too many clients). */
export class DatabaseUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(`Database unavailable: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATEs of a connection that broke or a server that will not take work now: class 08 (connection
// exception), admin / crash shutdown and "cannot connect now" (57P01–57P03), too many connections (53300).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres reports a socket that closed under it with these messages and no code.
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * True when `error` means the database is out of reach or dropped the connection, rather than that the
 * request was wrong: such a request may well succeed if sent again a moment later (the API answers 503).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
