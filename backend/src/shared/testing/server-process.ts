/**
 * Runs the built application (`backend/dist`, as `npm start` and `npm run start:worker` do) as real child
 * processes, for tests and benchmarks that must see the product the way an operator or a browser does, and
 * for fault tests that kill them. `npm test` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { PROJECT_ROOT } from '../paths.js';
import { closeQueueRedis, queueRedis } from '../redis/redis-connection.js';
import { eventually } from './eventually.js';

const DIST = join(PROJECT_ROOT, 'backend', 'dist', 'backend', 'src');
const MAIN = join(DIST, 'main.js');
const WORKER = join(DIST, 'worker.js');

export interface ChildServiceProcess {
  pid: number;
  output(): string;
  /**
   * SIGTERM (a clean shutdown), SIGKILL after 15 s; resolves with the exit code once the process has ended
   * and its output has been read to the end (a test may then assert what it never wrote).
   */
  stop(): Promise<number | null>;
  /** SIGKILL at once, as a crash or an OOM killer would: nothing is flushed or closed. */
  kill(): Promise<void>;
}

export interface ServerProcess extends ChildServiceProcess {
  url: string;
}

/** Extra arguments for node itself, e.g. `--cpu-prof`. */
export interface ProcessOptions {
  nodeArgs?: string[];
}

/** Starts the server with exactly `env` (plus PATH and PORT), and waits until it is ready. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: ProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = launch(MAIN, { LOG_LEVEL: 'warn', ...env, PORT: String(port) }, options);
  const server = { ...child.handle, url };
  await child.waitFor(
    () =>
      fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    timeoutMs,
  );
  return server;
}

/** Starts a worker process (projections and e-mail, no HTTP) and waits until it says it is running. */
export async function startWorkerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: ProcessOptions = {},
): Promise<ChildServiceProcess> {
  const child = launch(WORKER, { ...env, LOG_LEVEL: 'info' }, options);
  await child.waitFor(() => child.handle.output().includes('Unsheet worker is running'), timeoutMs);
  return child.handle;
}

function launch(entry: string, env: Record<string, string>, { nodeArgs = [] }: ProcessOptions) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does).`);
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // After 'exit' the pipes may still hold output; 'close' comes once they are drained.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const handle: ChildServiceProcess = {
    pid: child.pid!,
    output: () => output,
    stop: () => stop(child, closed),
    kill: () => kill(child),
  };
  return {
    handle,
    async waitFor(ready: () => boolean | Promise<boolean>, timeoutMs: number) {
      try {
        await waitUntil(ready, child, timeoutMs);
      } catch (error) {
        await stop(child, closed);
        throw new Error(`${(error as Error).message}\n--- process output ---\n${output}`);
      }
    },
  };
}

async function waitUntil(ready: () => boolean | Promise<boolean>, child: ChildProcess, timeoutMs: number): Promise<void> {
  // A process that died will never be ready: stop waiting at once.
  const outcome = await eventually(async () => (exited(child) ? 'exited' : (await ready()) && 'ready'), {
    timeout: timeoutMs,
    interval: 100,
  }).catch(() => {
    throw new Error(`process not ready within ${timeoutMs} ms`);
  });
  if (outcome === 'exited') throw new Error(`process exited with code ${child.exitCode}`);
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stop(child: ChildProcess, closed: Promise<void>): Promise<number | null> {
  if (!exited(child)) {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => clearTimeout(kill));
    child.kill('SIGTERM');
  }
  await closed;
  return child.exitCode;
}

function kill(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `count` worker processes listen on a BullMQ queue (a worker's Nest start-up takes seconds).
 * `redisUrl` and `prefix` are the app's REDIS_URL and REDIS_PREFIX (one Redis or a cluster).
 */
export async function waitForQueueWorkers(
  redisUrl: string,
  prefix: string,
  queueName: string,
  count: number,
  timeoutMs = 60_000,
): Promise<void> {
  const redis = queueRedis(redisUrl, prefix, queueName);
  const queue = new Queue(queueName, redis);
  try {
    await eventually(
      async () => {
        const workers = await queue.getWorkersCount();
        if (workers < count) throw new Error(`${workers} of ${count} workers on ${queueName} after ${timeoutMs} ms`);
      },
      { timeout: timeoutMs, interval: 200 },
    );
  } finally {
    await queue.close();
    closeQueueRedis(redis);
  }
}

/**
 * Waits until a BullMQ queue holds no job waiting, delayed or running: every job queued so far has run to
 * its end. Tests that assert that nothing more is sent (no duplicate e-mail) wait for this first.
 */
export async function waitForEmptyQueue(redisUrl: string, prefix: string, queueName: string, timeoutMs = 30_000): Promise<void> {
  const redis = queueRedis(redisUrl, prefix, queueName);
  const queue = new Queue(queueName, redis);
  try {
    await eventually(
      async () => {
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
        const left = Object.entries(counts).filter(([, jobs]) => jobs > 0);
        if (left.length > 0) throw new Error(`${queueName} still holds ${left.map(([state, jobs]) => `${jobs} ${state}`).join(', ')} jobs`);
      },
      { timeout: timeoutMs, interval: 50 },
    );
  } finally {
    await queue.close();
    closeQueueRedis(redis);
  }
}
