/**
 * The operator's metrics, read the way an operator reads them: a real Prometheus (Debian's `prometheus`,
 * started by the test) scrapes an API process and a worker process (the built backend) every second while a
 * scripted load moves the projections' lag and the e-mail outbox's backlog, and then lets them drain. The
 * alert rules pass `promtool check rules` and their own unit tests (`promtool test rules`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findK6, runK6 } from '../../load-tests/loadtest.js';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { eventually } from '../src/shared/testing/eventually.js';
import {
  freePort,
  startServerProcess,
  startWorkerProcess,
  type ChildServiceProcess,
  type ServerProcess,
} from '../src/shared/testing/server-process.js';
import { startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../src/shared/testing/test-database.js';

const RULES_DIR = join(PROJECT_ROOT, 'backend', 'prometheus');
const JOINS = 12;

let database: TestDatabase;
let smtp: SmtpTestServer;
let api: ServerProcess;
let worker: ChildServiceProcess | undefined;
let prometheus: ChildProcess;
let prometheusUrl: string;
const prefix = uniqueName('unsheet-metrics');
const dir = mkdtempSync(join(tmpdir(), 'unsheet-metrics-'));
let env: Record<string, string>;
let apiMetricsPort: number;
let workerMetricsPort: number;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dir,
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    APP_SECRET: 'metrics-test-secret-metrics-test-secret-0',
    DEMO_CATALOGUE: 'false',
    PROJECTION_POLL_MS: '300',
    EMAIL_POLL_MS: '200',
    EMAIL_RETRY_BASE_MS: '300',
    RATE_LIMIT_FACTOR: '100000',
  };
  // The API alone: nothing projects or sends until a worker starts. The demo catalogue is for k6's browse.js.
  api = await startServerProcess({ ...env, RUN_WORKERS: 'false', DEMO_CATALOGUE: 'true', METRICS_PORT: String(apiMetricsPort) }, 120_000);

  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      `  - { job_name: unsheet-api, static_configs: [{ targets: ['127.0.0.1:${apiMetricsPort}'] }] }`,
      `  - { job_name: unsheet-worker, static_configs: [{ targets: ['127.0.0.1:${workerMetricsPort}'] }] }`,
    ].join('\n'),
  );
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-remote-write-receiver',
    ],
    { stdio: 'ignore' },
  );
  await eventually(async () => expect((await fetch(`${prometheusUrl}/-/ready`)).ok).toBe(true), { timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  prometheus?.kill();
  await Promise.all([api?.stop(), worker?.stop()]);
  await smtp?.close();
  await database?.drop();
  await clearRedisPrefix(prefix);
  rmSync(dir, { recursive: true, force: true });
});

/** The value of an instant PromQL query, or null when it has no result. */
async function query(promql: string): Promise<number | null> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as { data: { result: { value: [number, string] }[] } };
  const first = body.data.result[0];
  return first ? Number(first.value[1]) : null;
}

describe('metrics scraped by a real Prometheus', () => {
  it('are served on their own port, not on the public one', async () => {
    const scrape = await fetch(`http://127.0.0.1:${apiMetricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    // Before any visitor asked for a page, the process rendered one of each (site/warm-up.ts): the first visitor
    // after a start meets a warm server.
    for (const route of ['/', '/c/:slug', '/app/:slug', '/api/apps'])
      expect(text).toContain(`unsheet_http_requests_total{method="GET",route="${route}",status="200"} 1\n`);
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    for (const name of [
      'unsheet_projection_lag_seconds',
      'unsheet_outbox_pending',
      'unsheet_queue_jobs',
      'unsheet_db_pool_total',
      'unsheet_http_requests_total',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it('show the lag and the backlog move with the load, and drain when a worker runs', async () => {
    await eventually(async () => expect(await query('up{job="unsheet-api"}')).toBe(1), { timeout: 30_000 });
    await eventually(async () => expect(await query('up{job="unsheet-worker"}')).toBe(0), { timeout: 30_000 });

    for (let i = 0; i < JOINS; i++) {
      const response = await fetch(`${api.url}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `metrics-${i}@example.com` }),
      });
      expect(response.status).toBe(201);
    }
    // No worker: every async projection falls behind the joins, and the lag grows as the events age.
    await eventually(async () => expect(await query('max(unsheet_projection_events_behind)')).toBeGreaterThanOrEqual(JOINS), {
      timeout: 30_000,
    });
    await eventually(async () => expect(await query('max(unsheet_projection_lag_seconds)')).toBeGreaterThan(1), { timeout: 30_000 });
    await eventually(async () => expect(await query('sum(unsheet_http_requests_total{route="/api/leads",status="201"})')).toBe(JOINS), {
      timeout: 30_000,
    });

    // A worker whose SMTP server refuses: the projections catch up, the confirmation e-mails wait in the outbox.
    const closedPort = await freePort();
    worker = await startWorkerProcess(
      { ...env, SMTP_URL: `smtp://127.0.0.1:${closedPort}`, METRICS_PORT: String(workerMetricsPort) },
      120_000,
    );
    await eventually(async () => expect(await query('up{job="unsheet-worker"}')).toBe(1), { timeout: 30_000 });
    await eventually(async () => expect(await query('max(unsheet_projection_events_behind)')).toBe(0), { timeout: 60_000 });
    expect(await query('max(unsheet_projection_lag_seconds)')).toBe(0);
    await eventually(async () => expect(await query('max(unsheet_outbox_pending)')).toBe(JOINS), { timeout: 30_000 });
    await eventually(async () => expect(await query('max(unsheet_outbox_oldest_pending_seconds)')).toBeGreaterThan(1), { timeout: 30_000 });
    expect(smtp.messages).toHaveLength(0);

    // The worker gone, Prometheus sees it down; another one with a working SMTP server drains the outbox.
    await worker.stop();
    await eventually(async () => expect(await query('up{job="unsheet-worker"}')).toBe(0), { timeout: 30_000 });
    worker = await startWorkerProcess({ ...env, SMTP_URL: smtp.url, METRICS_PORT: String(workerMetricsPort) }, 120_000);
    await eventually(() => expect(smtp.messages).toHaveLength(JOINS), { timeout: 60_000 });
    await eventually(async () => expect(await query('max(unsheet_outbox_pending)')).toBe(0), { timeout: 30_000 });
    expect(await query('max(unsheet_outbox_oldest_pending_seconds)')).toBe(0);
    expect(await query('up{job="unsheet-worker"}')).toBe(1);
  }, 300_000);
});

describe('a load test on the same timeline', () => {
  const k6 = findK6();
  // CI brings the real k6 (K6_BIN, from ../shared/tools); load-tests/k6-scripts.spec.ts says the same.
  it.skipIf(!k6)(
    'k6 writes its request rate and latencies into the same Prometheus',
    async () => {
      process.env.K6_PROMETHEUS_URL = prometheusUrl;
      try {
        const run = await runK6(k6!, 'browse', { baseUrl: api.url, env: { RATE: '20', DURATION: '3s' }, output: 'pipe' });
        // 99: a latency threshold crossed on these shared cores, which this test does not judge (k6-runs.e2e-spec.ts).
        expect([0, 99], run.output).toContain(run.code);
      } finally {
        delete process.env.K6_PROMETHEUS_URL;
      }
      await eventually(async () => expect(await query('sum(k6_http_reqs_total)')).toBeGreaterThanOrEqual(40), { timeout: 30_000 });
      expect(await query('max(k6_http_req_duration_p95)')).toBeGreaterThan(0);
      // The server counted the same requests on its side.
      expect(await query('sum(unsheet_http_requests_total{route!="unmatched"})')).toBeGreaterThanOrEqual(40);
    },
    120_000,
  );
});

describe('alert rules', () => {
  it('pass promtool check rules and their unit tests', () => {
    for (const args of [
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ]) {
      const run = spawnSync('promtool', args, { cwd: RULES_DIR, encoding: 'utf8' });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    }
  });
});
