/**
 * How the processes share a machine's cores. API_PROCESSES: the built server (`backend/dist`, a real process)
 * runs that many API processes on one port, replaces one that dies, and stops them all on SIGTERM; the
 * configuration refuses it without PostgreSQL. WORKER_NICE: a worker process runs at that CPU priority.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/shared/config/config.js';
import { startServerProcess, startWorkerProcess, type ServerProcess } from '../src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueName,
  type TestDatabase,
} from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';

let database: TestDatabase;
let server: ServerProcess | undefined;
const prefix = uniqueName('unsheet-cluster');
const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-cluster-'));

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    API_PROCESSES: '2',
    DEMO_CATALOGUE: 'true',
    LOG_LEVEL: 'info',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await clearRedisPrefix(prefix);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The API processes the supervisor runs now. */
function apiProcesses(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server!.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/** Whether the supervisor has seen this API process listen. */
function listening(pid: number): boolean {
  return server!
    .output()
    .split('\n')
    .some((line) => line.includes('"msg":"an API process is listening"') && line.includes(`"process":${pid}`));
}

function statusOnNewConnection(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
}

describe('API_PROCESSES=2', () => {
  it('runs two API processes behind one port, which answer every request', async () => {
    expect(apiProcesses()).toHaveLength(2);
    const statuses = await Promise.all(Array.from({ length: 40 }, () => fetch(`${server!.url}/api/apps/top`).then((r) => r.status)));
    expect(statuses).toEqual(Array(40).fill(200));
    expect(server!.output()).toContain('(2 API processes)');
  });

  it("prints the first administrator's setup link once for all the processes, and any of them accepts it", async () => {
    const links = () => [...server!.output().matchAll(/Create the first administrator: ([^\s"]+)/g)].map((match) => new URL(match[1]!));
    await eventually(() => links().length > 0, { timeout: 15_000 });
    expect(links()).toHaveLength(1);
    const token = links()[0]!.searchParams.get('token')!;
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server!.url}/api/setup/first-admin?token=${token}`, { headers: { connection: 'close' } });
      expect(await response.json()).toEqual({ valid: true });
    }
  });

  it('replaces a process that dies, and keeps answering meanwhile', { timeout: 90_000 }, async () => {
    const [victim, survivor] = apiProcesses();
    // Both must have started (one answering is enough for the first test): one killed while still starting
    // is a start-up failure, which stops them all.
    await eventually(() => [victim, survivor].every((pid) => listening(pid!)), { timeout: 30_000 });
    process.kill(victim!, 'SIGKILL');
    await eventually(() => server!.output().includes('an API process died: starting another'), { timeout: 10_000 });
    // The other process serves while the replacement starts (on a new connection: one the dead process held
    // died with it).
    expect(await statusOnNewConnection(`${server!.url}/api/categories`)).toBe(200);
    await eventually(
      async () => {
        const now = apiProcesses();
        return now.length === 2 && !now.includes(victim!) && now.includes(survivor!);
      },
      { timeout: 20_000 },
    );
    expect(await statusOnNewConnection(`${server!.url}/api/health/ready`)).toBe(200);
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    const children = apiProcesses();
    expect(await server!.stop()).toBe(0);
    server = undefined;
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('the configuration', () => {
  it('refuses more than one API process without PostgreSQL', () => {
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(
      'API_PROCESSES: more than 1 needs DATABASE_URL (the embedded database belongs to one process)',
    );
    expect(loadConfig({ API_PROCESSES: '2', DATABASE_URL: 'postgres://localhost/unsheet' }).API_PROCESSES).toBe(2);
  });
});

describe('WORKER_NICE', () => {
  it('runs a worker process at that CPU priority, below the API', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dataDir };
    const [nice, plain] = await Promise.all([startWorkerProcess({ ...env, WORKER_NICE: '10' }), startWorkerProcess(env)]);
    try {
      expect(getPriority(nice.pid)).toBe(Math.max(10, getPriority()));
      expect(getPriority(plain.pid)).toBe(getPriority());
    } finally {
      await Promise.all([nice.stop(), plain.stop()]);
    }
  });
});
