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

const DIST = join(PROJECT_ROOT, 'backend', 'dist', 'backend', 'src');
const MAIN = join(DIST, 'main.js');
const WORKER = join(DIST, 'worker.js');

export interface ChildServiceProcess {
  pid: number;
  output(): string;
  /** SIGTERM (a clean shutdown), SIGKILL after 15 s; resolves with the exit code. */
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
  const handle: ChildServiceProcess = {
    pid: child.pid!,
    output: () => output,
    stop: () => stop(child),
    kill: () => kill(child),
  };
  return {
    handle,
    async waitFor(ready: () => boolean | Promise<boolean>, timeoutMs: number) {
      try {
        await waitUntil(ready, child, timeoutMs);
      } catch (error) {
        await stop(child);
        throw new Error(`${(error as Error).message}\n--- process output ---\n${output}`);
      }
    },
  };
}

async function waitUntil(ready: () => boolean | Promise<boolean>, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`process not ready within ${timeoutMs} ms`);
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function stop(child: ChildProcess): Promise<number | null> {
  if (exited(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
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

/** Waits until `count` worker processes listen on a BullMQ queue (a worker's Nest start-up takes seconds). */
export async function waitForQueueWorkers(
  redisUrl: string,
  prefix: string,
  queueName: string,
  count: number,
  timeoutMs = 60_000,
): Promise<void> {
  const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix });
  try {
    const deadline = Date.now() + timeoutMs;
    while ((await queue.getWorkersCount()) < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} workers on ${queueName} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await queue.close();
  }
}
