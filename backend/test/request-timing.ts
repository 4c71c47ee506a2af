/**
 * A page's or read's size and the server's own time for it: the request log's `responseTime` (the time from
 * request to answer, which on a loaded machine includes waiting for a core), and the CPU time this process
 * spent meanwhile (the API runs in the test's process and the requests go one at a time), which does not.
 */
import { pino, type Logger } from 'pino';
import { expect } from 'vitest';
import type { ApiHarness } from './api-harness.js';

/** A logger for startApi that keeps the request log's lines, and `measure` over them. */
export function requestTiming(): {
  logger: Logger;
  measure(api: ApiHarness, path: string): Promise<{ bytes: number; ms: number; cpuMs: number }>;
} {
  const logged: string[] = [];

  /** The server's time for the request just answered (the log names paths without their query). */
  async function serverTime(path: string, before: number): Promise<number> {
    const pathOnly = path.split('?')[0];
    for (let waited = 0; waited < 1000; waited += 5) {
      for (const line of logged.slice(before)) {
        const entry = JSON.parse(line) as { req?: { path?: string }; responseTime?: number };
        if (entry.req?.path === pathOnly && entry.responseTime !== undefined) return entry.responseTime;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no request log line for ${path}`);
  }

  return {
    logger: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }),
    /** The body's size and the median server and CPU times of seven requests, after one to warm the route. */
    async measure(api, path) {
      await api.get(path);
      const times: number[] = [];
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 7; i++) {
        const before = logged.length;
        const started = process.cpuUsage();
        const response = await fetch(api.url(path), { headers: api.headers });
        const body = await response.arrayBuffer();
        const used = process.cpuUsage(started);
        expect(response.status, path).toBe(200);
        cpu.push((used.user + used.system) / 1000);
        times.push(await serverTime(path, before));
        bytes = body.byteLength;
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[3]!;
      return { bytes, ms: median(times), cpuMs: median(cpu) };
    },
  };
}
