/**
 * pino, as JSON lines; pretty-printed when a person watches a terminal. Requests are logged by method,
 * path (never the query string) and status: no e-mail addresses or IPs reach the logs.
 */
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  // pino-pretty is a development dependency: a production install has none, and logs JSON.
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production' && installed('pino-pretty');
  return pino({
    level,
    base: { pid: process.pid },
    redact: { paths: ['email', '*.email', 'ip', '*.ip', 'req.headers', 'req.remoteAddress'], remove: true },
    transport: pretty ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid' } } : undefined,
  });
}

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
