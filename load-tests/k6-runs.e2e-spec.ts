/**
 * Every k6 scenario run by the real k6 for a few seconds, at a small rate, against the built app on the real
 * PostgreSQL and Redis (the target `npm run loadtest` starts: a database of its own, an administrator, rate
 * limits raised). A run fails this test when k6 refuses the script or its options (thresholds included: k6
 * parses every one), when setup or an iteration throws, when a check fails, when a request fails, or when the
 * server logs an error. Latency and dropped-iteration thresholds may be crossed: this machine runs the tests,
 * the server and k6 on the same cores, and the targets are measured by `npm run bench` and full k6 runs
 * (load-tests/README.md), not here.
 *
 * k6 is K6_BIN (`.ci/run` sets it to ../shared/tools/k6, a k6 0.48.0), or `k6` on the PATH; without one the
 * suite says in its name that it was skipped, and why.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from '../backend/src/shared/testing/test-database.js';
import { findK6, LOADTEST_ADMIN, runK6, startTarget, type Scenario, type Target } from './loadtest.js';

const K6 = findK6();

/** A few seconds of each scenario. */
const SHORT_RUNS: Record<Scenario, Record<string, string>> = {
  browse: { RATE: '10', DURATION: '3s' },
  'analytics-ingest': { RATE: '3', DURATION: '3s', THINK: '0.1' },
  'waitlist-burst': { BURST: '20', BURSTS: '2' },
  'referral-clicks': { RATE: '5', DURATION: '3s', LINKS: '3' },
  'admin-dashboard': { RATE: '1', DURATION: '3s', ADMIN_EMAIL: LOADTEST_ADMIN.email, ADMIN_PASSWORD: LOADTEST_ADMIN.password },
};

/** Thresholds that depend on the machine's speed, which a short run on shared cores does not judge. */
const TIMING = /^(http_req_duration|dropped_iterations)\b/;

/** k6's exit codes: 0 all thresholds met, 99 some crossed; anything else is a refused script, a failed setup… */
const RAN = [0, 99];

interface Summary {
  metrics: Record<string, { passes?: number; fails?: number; count?: number; thresholds?: Record<string, boolean> }>;
}

describe.skipIf(K6 === null)(
  `k6 scenarios on the real k6 against the app (${K6 ?? 'no k6 found: set K6_BIN or put k6 on the PATH; skipped'})`,
  () => {
    let target: Target;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'unsheet-k6-'));
      target = await startTarget({ postgresUrl: TEST_POSTGRES_URL, redisUrl: TEST_REDIS_URL });
    }, 120_000);
    afterAll(async () => {
      await target?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it.each(Object.keys(SHORT_RUNS) as Scenario[])(
      'runs %s: every check passes, no request fails, the server logs no error',
      async (scenario) => {
        const summaryFile = join(dir, `${scenario}.json`);
        const run = await runK6(K6!, scenario, {
          baseUrl: target.url,
          env: SHORT_RUNS[scenario],
          args: ['--quiet', '--summary-export', summaryFile],
          output: 'pipe',
        });
        expect(RAN, `k6 exited with ${run.code}:\n${run.output}`).toContain(run.code);
        const { metrics } = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
        const requests = metrics.http_reqs?.count ?? 0;
        expect(requests, 'requests made').toBeGreaterThan(0);
        expect(metrics.checks?.passes ?? 0, 'checks that passed').toBeGreaterThan(0);
        expect(metrics.checks?.fails, `failed checks:\n${run.output}`).toBe(0);
        // http_req_failed is a rate of failed requests: its passes are the failures.
        expect(metrics.http_req_failed?.passes, 'failed requests').toBe(0);
        const crossed = Object.entries(metrics).flatMap(([name, metric]) =>
          Object.entries(metric.thresholds ?? {})
            .filter(([, failed]) => failed)
            .map(([expression]) => `${name}: ${expression}`),
        );
        expect(crossed.filter((threshold) => !TIMING.test(threshold))).toEqual([]);
        expect(target.server.output()).not.toMatch(/"level":50/);
      },
      90_000,
    );
  },
);
