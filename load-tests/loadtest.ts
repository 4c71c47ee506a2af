/**
 * `npm run loadtest -- <scenario> [k6 options]`: runs one k6 scenario against Unsheet and prints k6's summary.
 *
 * With BASE_URL set it loads that server (bring ADMIN_EMAIL and ADMIN_PASSWORD for admin-dashboard). Without
 * it, it starts the built server (`npm run build` first when there is none) on a throw-away database, a new
 * database on DATABASE_URL's server or else an embedded PGlite folder in a temporary directory, with Redis
 * when REDIS_URL is set (under a key prefix of its own), with the rate limits raised (k6 sends everything from
 * one address), and an administrator made for admin-dashboard; afterwards it stops the server and removes
 * the database, the folder and the keys. k6 is K6_BIN, or `k6` on the PATH. The exit code is k6's: 99 when a
 * threshold was crossed.
 *
 * The same functions start the target of load-tests/k6-runs.e2e-spec.ts, which runs every scenario briefly
 * with the real k6 in CI.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { grantAdmin } from '../backend/src/identity/commands/grant-admin.js';
import { buildProjections } from '../backend/src/projections.js';
import { loadConfig } from '../backend/src/shared/config/config.js';
import { openDatabase } from '../backend/src/shared/db/database.js';
import { EventStore } from '../backend/src/shared/event-store/event-store.js';
import { PROJECT_ROOT } from '../backend/src/shared/paths.js';
import { startServerProcess, type ServerProcess } from '../backend/src/shared/testing/server-process.js';

export const SCENARIOS = ['browse', 'analytics-ingest', 'waitlist-burst', 'referral-clicks', 'admin-dashboard'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const scriptOf = (scenario: Scenario) => join(PROJECT_ROOT, 'load-tests', `${scenario}.js`);

/** The administrator made on a throw-away target, for admin-dashboard.js. */
export const LOADTEST_ADMIN = { email: 'loadtest-admin@example.com', password: randomBytes(12).toString('base64url') };

/** K6_BIN, or `k6` on the PATH, when it answers `k6 version`; null when there is none. */
export function findK6(): string | null {
  for (const bin of [process.env.K6_BIN, 'k6'].filter((value): value is string => Boolean(value))) {
    try {
      execFileSync(bin, ['version'], { stdio: 'ignore' });
      return bin;
    } catch {
      // not this one
    }
  }
  return null;
}

export interface Target {
  url: string;
  server: ServerProcess;
  /** Stops the server and removes the database, the data folder and the Redis keys it used. */
  close(): Promise<void>;
}

export interface TargetOptions {
  /** A PostgreSQL server to make the throw-away database on; without one, PGlite in a temporary folder. */
  postgresUrl?: string;
  redisUrl?: string;
  /** Extra environment for the server (it gets nothing else from this process's environment). */
  env?: Record<string, string>;
}

/** The built server on a database of its own, with an administrator (LOADTEST_ADMIN) and the rate limits raised. */
export async function startTarget({ postgresUrl, redisUrl, env = {} }: TargetOptions): Promise<Target> {
  const id = `unsheet_loadtest_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-loadtest-'));
  const databaseUrl = postgresUrl ? await createDatabase(postgresUrl, id) : undefined;
  const serverEnv: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_FACTOR: '100000',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: id } : {}),
    ...env,
  };
  const cleanUp = async () => {
    if (databaseUrl) await dropDatabase(postgresUrl!, id);
    if (redisUrl) await deleteKeys(redisUrl, id);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await makeAdmin(serverEnv);
    const server = await startServerProcess(serverEnv);
    return {
      url: server.url,
      server,
      async close() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Migrates the new database and creates the administrator, before the server owns it (PGlite has one owner). */
async function makeAdmin(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  const { db, close } = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const inline = buildProjections(config).filter((projection) => projection.mode === 'inline');
    await grantAdmin(db, new EventStore(db, inline), LOADTEST_ADMIN);
  } finally {
    await close();
  }
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * k6's options that send its samples to the Prometheus at `prometheusUrl` (k6's Prometheus remote-write output;
 * that Prometheus runs with --web.enable-remote-write-receiver), so a load test's latencies and the server's own
 * metrics share one timeline (docs/operations.md, "Metrics and alerts").
 */
export function prometheusOutput(prometheusUrl: string): { args: string[]; env: Record<string, string> } {
  return {
    args: ['-o', 'experimental-prometheus-rw', '--tag', `testid=${new Date().toISOString()}`],
    env: {
      K6_PROMETHEUS_RW_SERVER_URL: new URL('/api/v1/write', prometheusUrl).href,
      K6_PROMETHEUS_RW_TREND_STATS: 'p(50),p(95),p(99),max',
      K6_PROMETHEUS_RW_PUSH_INTERVAL: '1s',
    },
  };
}

/**
 * Runs `k6 run` on a scenario; resolves with k6's exit code. `output: 'inherit'` shows k6's own output. With
 * K6_PROMETHEUS_URL set, k6 also writes its samples to that Prometheus (prometheusOutput).
 */
export function runK6(
  k6: string,
  scenario: Scenario,
  {
    baseUrl,
    args = [],
    env = {},
    output = 'inherit',
  }: { baseUrl: string; args?: string[]; env?: Record<string, string>; output?: 'inherit' | 'pipe' },
): Promise<{ code: number; output: string }> {
  const vars = Object.entries({ BASE_URL: baseUrl, ...env }).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const prometheus = process.env.K6_PROMETHEUS_URL ? prometheusOutput(process.env.K6_PROMETHEUS_URL) : { args: [], env: {} };
  const child = spawn(k6, ['run', ...vars, ...prometheus.args, ...args, scriptOf(scenario)], {
    stdio: ['ignore', output, output],
    env: { ...process.env, ...prometheus.env, K6_NO_USAGE_REPORT: 'true' },
  });
  let text = '';
  child.stdout?.on('data', (chunk) => (text += chunk));
  child.stderr?.on('data', (chunk) => (text += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output: text }));
  });
}

const USAGE = `Usage: npm run loadtest -- <${SCENARIOS.join('|')}> [k6 options, e.g. -e RATE=50 -e DURATION=30s]`;

async function main(argv: string[]): Promise<number> {
  const [scenario, ...args] = argv;
  if (!SCENARIOS.includes(scenario as Scenario)) {
    console.error(USAGE);
    return 2;
  }
  const k6 = findK6();
  if (!k6) {
    console.error('No k6 found: set K6_BIN to a k6 binary, or put k6 on the PATH (https://grafana.com/docs/k6/latest/set-up/install-k6/).');
    return 2;
  }
  const baseUrl = process.env.BASE_URL;
  if (baseUrl) {
    const admin = { ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? '', ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? '' };
    return (await runK6(k6, scenario as Scenario, { baseUrl, args, env: scenario === 'admin-dashboard' ? admin : {} })).code;
  }
  if (!existsSync(join(PROJECT_ROOT, 'backend/dist/backend/src/main.js')) || !existsSync(join(PROJECT_ROOT, 'frontend/dist/index.html'))) {
    console.log('No build yet: building Unsheet first…');
    execFileSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  }
  const target = await startTarget({ postgresUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
  const database = process.env.DATABASE_URL ? 'a throw-away database on DATABASE_URL' : 'a throw-away PGlite folder';
  console.log(`Unsheet at ${target.url} (${database}${process.env.REDIS_URL ? ', Redis' : ''}; rate limits raised)`);
  const stop = () => void target.close().then(() => process.exit(130));
  process.once('SIGINT', stop);
  try {
    const env: Record<string, string> =
      scenario === 'admin-dashboard' ? { ADMIN_EMAIL: LOADTEST_ADMIN.email, ADMIN_PASSWORD: LOADTEST_ADMIN.password } : {};
    return (await runK6(k6, scenario as Scenario, { baseUrl: target.url, args, env })).code;
  } finally {
    process.off('SIGINT', stop);
    await target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
