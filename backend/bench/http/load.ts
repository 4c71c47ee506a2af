/** autocannon with what every scenario of the HTTP benchmark needs: a body or path per request, bodies read back. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds; or `amount` requests in all. */
  duration?: number;
  amount?: number;
  /** Requests per second over all connections (fixed-rate runs); saturation when unset. */
  overallRate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The path (and query) of the next request, when it varies. */
  path?: () => string;
  body?: () => string;
  /** Every answer, when the scenario checks what came back. */
  onResponse?: (status: number, body: string) => void;
}

export interface LoadResult {
  /** Answered 2xx per second. */
  rps: number;
  ok: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  seconds: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const { path, body, onResponse } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    amount: options.amount,
    overallRate: options.overallRate,
    timeout: 30,
    requests: [
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        setupRequest: (request) => ({ ...request, ...(path && { path: path() }), ...(body && { body: body() }) }),
        ...(onResponse && { onResponse: (status: number, responseBody: string) => onResponse(status, responseBody) }),
      },
    ],
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    ok,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    seconds: result.duration,
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}
