/**
 * A redis-server of a test's own, on a free port, that the test may stop and start again (fault tests must
 * not stop the shared Redis other runs use). It keeps nothing on disk: after a restart it is empty, the
 * worst case for whatever was queued in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { freePort } from './server-process.js';

export interface RedisProcess {
  url: string;
  /** Stops the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it answers. */
  start(): Promise<void>;
}

export async function startRedisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    await answers(url, child);
  };
  const stop = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGTERM');
    });
  };
  await start();
  return { url, start, stop };
}

async function answers(url: string, child: ChildProcess): Promise<void> {
  // A server that exited will never answer: stop waiting at once.
  const outcome = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {}); // not up yet: try again
      const pong = await client
        .connect()
        .then(() => client.ping())
        .catch(() => undefined);
      client.disconnect();
      return pong === 'PONG' && 'answers';
    },
    { timeout: 20_000, interval: 50 },
  ).catch(() => {
    throw new Error('redis-server did not answer within 20 s');
  });
  if (outcome === 'exited') throw new Error(`redis-server exited with code ${child.exitCode}`);
}
