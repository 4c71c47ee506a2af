/**
 * A redis-server of a test's own, on a free port, that the test may stop and start again (fault tests must
 * not stop the shared Redis other runs use). It keeps nothing on disk: after a restart it is empty, the
 * worst case for whatever was queued in it. Also a Redis Cluster of a test's own (`startRedisCluster`), whose
 * nodes a test may kill.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { freePort } from './server-process.js';

const execFileAsync = promisify(execFile);

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

/** A node of a test's Redis Cluster, as the cluster sees it (`CLUSTER NODES`). */
export interface ClusterNodeState {
  id: string;
  port: number;
  primary: boolean;
  failed: boolean;
  /** The primary's id, for a replica. */
  primaryId?: string;
  /** Slot ranges a primary serves, e.g. [[0, 5460]]. */
  slots: [number, number][];
}

export interface RedisClusterProcess {
  /** REDIS_URL for the app: `redis-cluster://127.0.0.1:P1,127.0.0.1:P2,…`. */
  url: string;
  ports: number[];
  /** The nodes, as the first node that answers sees them. */
  nodes(): Promise<ClusterNodeState[]>;
  /** The primary that serves `key` (its hash tag, if it has one). */
  primaryFor(key: string): Promise<ClusterNodeState>;
  /** SIGKILL one node, as a crash would. */
  kill(port: number): Promise<void>;
  /** SIGSTOP / SIGCONT one node: a paused node answers nothing, a resumed one goes on where it was. */
  pause(port: number): void;
  resume(port: number): void;
  /** One command to one node. */
  call(port: number, ...args: string[]): Promise<unknown>;
  /** Stops every node and deletes their folders. */
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of a test's own: `primaries` primaries with a replica each, on free loopback ports, joined
 * by `redis-cli --cluster create`. A node that stops answering is failed over after `nodeTimeoutMs` (Redis's
 * default is 15 s; a test wants it fast). Keeps nothing on disk but the nodes' cluster state.
 */
export async function startRedisCluster({ primaries = 3, nodeTimeoutMs = 1000 } = {}): Promise<RedisClusterProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'unsheet-redis-cluster-'));
  const children = new Map<number, ChildProcess>();
  const ports: number[] = [];
  const stop = async () => {
    // A paused node would not stop.
    await Promise.all([...children.values()].map((child) => killChild(child, 'SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < primaries * 2; i++) {
      const [port, busPort] = [await freePort(), await freePort()];
      ports.push(port);
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-port',
          String(busPort),
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          String(nodeTimeoutMs),
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--repl-diskless-sync-delay',
          '0',
          '--daemonize',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: 'ignore' },
      );
      children.set(port, child);
      await answers(`redis://127.0.0.1:${port}`, child);
    }
    await execFileAsync('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const nodes = async (): Promise<ClusterNodeState[]> => {
    for (const port of ports) {
      const child = children.get(port)!;
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const text = await command(port, ['CLUSTER', 'NODES']).catch(() => undefined);
      if (typeof text === 'string') return parseClusterNodes(text);
    }
    throw new Error('no node of the cluster answers');
  };
  const primaryFor = async (key: string): Promise<ClusterNodeState> => {
    const slot = Number(await command(ports[0]!, ['CLUSTER', 'KEYSLOT', key]));
    const node = (await nodes()).find((n) => n.primary && !n.failed && n.slots.some(([from, to]) => slot >= from && slot <= to));
    if (!node) throw new Error(`no primary serves slot ${slot}`);
    return node;
  };
  const cluster: RedisClusterProcess = {
    url: `redis-cluster://${ports.map((port) => `127.0.0.1:${port}`).join(',')}`,
    ports,
    nodes,
    primaryFor,
    kill: (port) => killChild(children.get(port)!, 'SIGKILL'),
    pause: (port) => void children.get(port)!.kill('SIGSTOP'),
    resume: (port) => void children.get(port)!.kill('SIGCONT'),
    call: (port, ...args) => command(port, args),
    stop,
  };
  // Ready: every node sees every slot served, and every primary's replica has copied it.
  try {
    await eventually(
      async () => {
        for (const port of ports) {
          if (!String(await command(port, ['CLUSTER', 'INFO'])).includes('cluster_state:ok')) return false;
          const replication = String(await command(port, ['INFO', 'replication']));
          if (replication.includes('role:master') && !/slave0:.*state=online/.test(replication)) return false;
        }
        return (await nodes()).filter((node) => node.primary).length === primaries;
      },
      { timeout: 20_000, interval: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}

function parseClusterNodes(text: string): ClusterNodeState[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, address, flags, primaryId, , , , , ...slots] = line.split(' ');
      const flagList = flags!.split(',');
      return {
        id: id!,
        port: Number(address!.split('@')[0]!.split(':').at(-1)),
        primary: flagList.includes('master'),
        failed: flagList.includes('fail'),
        primaryId: primaryId === '-' ? undefined : primaryId,
        slots: slots
          .filter((range) => !range.startsWith('['))
          .map((range) => {
            const [from, to = from] = range.split('-').map(Number);
            return [from!, to!] as [number, number];
          }),
      };
    });
}

/** One command to one node, on a connection of its own (a node may be gone). */
async function command(port: number, args: string[]): Promise<unknown> {
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.call(args[0]!, ...args.slice(1));
  } finally {
    client.disconnect();
  }
}

function killChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
