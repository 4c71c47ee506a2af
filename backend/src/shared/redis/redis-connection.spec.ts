import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { closeQueueRedis, createRedisClient, keyPrefix, parseRedisUrl, queuePrefix, queueRedis } from './redis-connection.js';

const CLUSTER = 'redis-cluster://10.0.0.1:7000,10.0.0.2:7001,10.0.0.3';

describe('parseRedisUrl', () => {
  it('reads redis:// and rediss:// as one server', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ cluster: false, url: 'redis://127.0.0.1:6379' });
    expect(parseRedisUrl('rediss://:secret@cache.example:6380/2')).toEqual({
      cluster: false,
      url: 'rediss://:secret@cache.example:6380/2',
    });
  });

  it('reads redis-cluster:// as the nodes of a cluster, 6379 when a node names no port', () => {
    expect(parseRedisUrl(CLUSTER)).toEqual({
      cluster: true,
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '10.0.0.3', port: 6379 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
  });

  it('reads the credentials once for every node, TLS from rediss-cluster://, and IPv6 nodes', () => {
    expect(parseRedisUrl('rediss-cluster://app:p%40ss:w@[::1]:7000, node-b.internal:7001/')).toEqual({
      cluster: true,
      nodes: [
        { host: '::1', port: 7000 },
        { host: 'node-b.internal', port: 7001 },
      ],
      username: 'app',
      password: 'p@ss:w',
      tls: true,
    });
    expect(parseRedisUrl('redis-cluster://:secret@h1:7000')).toMatchObject({ username: undefined, password: 'secret' });
  });

  it('refuses what is neither', () => {
    for (const value of [
      'nope',
      'http://h:1',
      'redis-cluster://',
      'redis-cluster://h1:7000/2',
      'redis-cluster://h1:7000,',
      'redis-cluster://h1:port',
    ])
      expect(() => parseRedisUrl(value), value).toThrow();
  });
});

describe('queue prefixes', () => {
  it('keep the key names of one Redis', () => {
    expect(queuePrefix('redis://127.0.0.1:6379', 'unsheet', 'emails')).toBe('unsheet');
  });

  it('give each queue a hash tag of its own on a cluster', () => {
    expect(queuePrefix(CLUSTER, 'unsheet', 'emails')).toBe('{unsheet:emails}');
    expect(queuePrefix(CLUSTER, 'unsheet', 'projections')).toBe('{unsheet:projections}');
  });

  it('use a prefix that carries its own hash tag as it is', () => {
    expect(queuePrefix(CLUSTER, '{unsheet}', 'emails')).toBe('{unsheet}');
    expect(queuePrefix('redis://127.0.0.1:6379', 'app-{unsheet}', 'emails')).toBe('app-{unsheet}');
  });

  it('leave the braces out of the app’s own keys, so the rate-limit counts spread over the slots', () => {
    expect(keyPrefix('unsheet')).toBe('unsheet');
    expect(keyPrefix('{unsheet}')).toBe('unsheet');
  });
});

describe('connections', () => {
  it('are a Redis for one server and a Cluster for a cluster, not connected until used', () => {
    const single = createRedisClient('redis://127.0.0.1:6379', { lazyConnect: true });
    expect(single).toBeInstanceOf(Redis);
    expect(single.status).toBe('wait');
    single.disconnect();

    const cluster = createRedisClient('redis-cluster://:secret@127.0.0.1:7000,127.0.0.1:7001', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
      enableOfflineQueue: false,
    }) as Cluster;
    expect(cluster).toBeInstanceOf(Cluster);
    expect(cluster.status).toBe('wait');
    expect(cluster.options).toMatchObject({
      lazyConnect: true,
      enableOfflineQueue: false,
      redisOptions: { maxRetriesPerRequest: 1, commandTimeout: 2000, password: 'secret' },
    });
    cluster.disconnect();
  });

  it('give BullMQ options for one server, and for a cluster a Cluster (with maxRetriesPerRequest null) the caller closes', () => {
    expect(queueRedis('redis://127.0.0.1:6379', 'unsheet', 'emails')).toEqual({
      connection: { url: 'redis://127.0.0.1:6379', maxRetriesPerRequest: null },
      prefix: 'unsheet',
    });
    const redis = queueRedis(CLUSTER, 'unsheet', 'emails');
    expect(redis.prefix).toBe('{unsheet:emails}');
    const cluster = redis.connection as Cluster;
    expect(cluster).toBeInstanceOf(Cluster);
    expect(cluster.options.redisOptions).toMatchObject({ maxRetriesPerRequest: null });
    closeQueueRedis(redis);
    expect(cluster.status).toBe('end');
  });
});
