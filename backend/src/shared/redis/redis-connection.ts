/**
 * Every Redis connection of the app is made here, from REDIS_URL and REDIS_PREFIX, so one Redis and a Redis
 * Cluster are told apart in one place:
 * - `redis://host:port` (`rediss://` for TLS): one server, an ioredis `Redis`.
 * - `redis-cluster://host:port,host:port,…` (`rediss-cluster://` for TLS; `user:password@` before the first
 *   node): a Redis Cluster, an ioredis `Cluster`. One reachable node is enough to find the others; list a few,
 *   in case one is down when a process starts.
 *
 * On a cluster, a command that touches several keys (BullMQ's scripts touch a queue's lists, sets and hashes at
 * once) needs them in one hash slot, so each queue's prefix is a hash tag: `{unsheet:emails}` for the `emails`
 * queue, which spreads the queues over the cluster. A REDIS_PREFIX that carries a tag of its own
 * (`{unsheet}`) is used as it is, which keeps every queue in that tag's slot. With one Redis, the queues' keys
 * are named as they always were (`unsheet:emails:…`). The rate-limit counts are one key each, without a tag,
 * so they spread over the slots.
 */
import { Cluster, Redis, type ClusterNode, type RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';

export type RedisClient = Redis | Cluster;

/** What REDIS_URL names: one server, or the nodes to find a cluster by. */
export type RedisTarget =
  | { cluster: false; url: string }
  | { cluster: true; nodes: { host: string; port: number }[]; username?: string; password?: string; tls: boolean };

const CLUSTER_URL = /^(rediss?)-cluster:\/\/(?:([^@/?#]*)@)?([^/?#@]+)\/?$/;
const DEFAULT_PORT = 6379;

/** Reads REDIS_URL; throws an Error whose message says what is wrong. */
export function parseRedisUrl(value: string): RedisTarget {
  const cluster = CLUSTER_URL.exec(value);
  if (cluster) {
    const [, scheme, userinfo, hosts] = cluster;
    const nodes = hosts!.split(',').map((host) => parseNode(host.trim()));
    const [username, password] = (userinfo ?? '').split(/:(.*)/s).map((part) => (part ? decodeURIComponent(part) : undefined));
    return { cluster: true, nodes, username, password, tls: scheme === 'rediss' };
  }
  if (/^rediss?-cluster:/.test(value)) throw new Error('a cluster is redis-cluster://host:port,host:port (no database, no query)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error('not a redis:// URL');
  return { cluster: false, url: value };
}

function parseNode(host: string): { host: string; port: number } {
  let url: URL;
  try {
    url = new URL(`redis://${host}`);
  } catch {
    throw new Error(`'${host}' is not host:port`);
  }
  if (!url.hostname || url.username || url.password || url.pathname !== '') throw new Error(`'${host}' is not host:port`);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : DEFAULT_PORT };
}

/** Options of one connection: ioredis's, which for a cluster go to each node's connection. */
export type ClientOptions = Pick<
  RedisOptions,
  'enableOfflineQueue' | 'maxRetriesPerRequest' | 'lazyConnect' | 'commandTimeout' | 'enableAutoPipelining'
>;

/** A connection to REDIS_URL: a `Cluster` for a cluster, a `Redis` otherwise. */
export function createRedisClient(redisUrl: string, options: ClientOptions = {}): RedisClient {
  const target = parseRedisUrl(redisUrl);
  if (!target.cluster) return new Redis(target.url, options);
  const { enableOfflineQueue, lazyConnect, enableAutoPipelining, ...nodeOptions } = options;
  const startupNodes: ClusterNode[] = target.nodes;
  return new Cluster(startupNodes, {
    enableOfflineQueue,
    lazyConnect,
    enableAutoPipelining,
    redisOptions: {
      ...nodeOptions,
      username: target.username,
      password: target.password,
      ...(target.tls ? { tls: {} } : {}),
    },
  });
}

export function isCluster(redisUrl: string): boolean {
  return parseRedisUrl(redisUrl).cluster;
}

/** The prefix of a BullMQ queue's keys: REDIS_PREFIX, or on a cluster a hash tag for the queue (see above). */
export function queuePrefix(redisUrl: string, redisPrefix: string, queueName: string): string {
  if (!isCluster(redisUrl) || hasHashTag(redisPrefix)) return redisPrefix;
  return `{${redisPrefix}:${queueName}}`;
}

/** The prefix of the app's own keys (the rate-limit counts): REDIS_PREFIX without its hash tag's braces. */
export function keyPrefix(redisPrefix: string): string {
  return redisPrefix.replace(/[{}]/g, '');
}

function hasHashTag(prefix: string): boolean {
  return /\{[^}]+\}/.test(prefix);
}

/** What BullMQ's queues and workers of one queue are given. */
export interface QueueRedis {
  connection: ConnectionOptions;
  prefix: string;
}

/**
 * BullMQ's connection and prefix for one queue. With one Redis these are options, and BullMQ opens (and
 * closes) the connections of each queue and worker. BullMQ opens a cluster only from a `Cluster` it is given:
 * this one connects when first used; a Worker copies it, a Queue uses it, and whoever asked for it closes it
 * (`closeQueueRedis`) once its queues and workers are closed.
 */
export function queueRedis(redisUrl: string, redisPrefix: string, queueName: string): QueueRedis {
  const connection: ConnectionOptions = isCluster(redisUrl)
    ? createRedisClient(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null })
    : { url: redisUrl, maxRetriesPerRequest: null };
  return { connection, prefix: queuePrefix(redisUrl, redisPrefix, queueName) };
}

/** Closes what queueRedis opened for a cluster (BullMQ closes the connections it opened itself). */
export function closeQueueRedis(redis: QueueRedis | undefined): void {
  if (redis?.connection instanceof Cluster) redis.connection.disconnect();
}
