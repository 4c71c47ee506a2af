/**
 * Builds the running parts every process shares (database, event store, projection runner, wake-ups,
 * workers) from the configuration. Plain code, no framework: the Nest module, the CLIs, the tests and the
 * benchmark all start from here, so each of them runs the same code paths in both modes
 * (PostgreSQL + Redis, or the embedded PGlite + in-process wake-ups).
 */
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import type { Db } from './db/tables.js';
import { EventStore, type AfterCommit } from './event-store/event-store.js';
import type { Projection } from './projections/projection.js';
import { ProjectionRunner } from './projections/projection-runner.js';
import { Foreground } from './http/foreground.js';
import { MemoryHitCounter, RedisHitCounter, type HitCounter } from './http/hit-counter.js';
import { BullmqWakeup, InProcessWakeup, PROJECTIONS_QUEUE } from './queue/projection-wakeup.js';
import { ProjectionWorkers } from './queue/projection-workers.js';
import { closeQueueRedis, createRedisClient, queuePrefix, queueRedis, keyPrefix, type RedisClient } from './redis/redis-connection.js';

export interface Kernel {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Db;
  eventStore: EventStore;
  runner: ProjectionRunner;
  /** The requests in flight in this process, which its workers' passes let go first (HTTP processes count them). */
  foreground: Foreground;
  /** Present when this process runs workers (RUN_WORKERS, always true without Redis). */
  workers?: ProjectionWorkers;
  /** One Redis or a Redis Cluster (REDIS_URL: redis/redis-connection.ts). */
  redis?: RedisClient;
  /** The rate limits' counts: in Redis (a connection of their own, auto-pipelined) when it is configured. */
  hits: HitCounter;
  /** Calls `listener` after each commit of this process's event store, with the event types appended. */
  onCommit(listener: AfterCommit): void;
  readiness(): Promise<Record<string, 'up' | 'down'>>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 2000;
const READINESS_TIMEOUT_MS = 3000;

export async function createKernel(config: Config, projections: readonly Projection[], logger: Logger): Promise<Kernel> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection closed'),
  });
  const { db } = database;
  const log = logger.child({ module: 'projections' });
  const onError = (projection: string, error: unknown) => log.error({ err: error, projection }, 'projection failed');
  const foreground = new Foreground();
  const runner = new ProjectionRunner(db, projections, {
    batchSize: config.PROJECTION_BATCH_SIZE,
    passIntervalMs: config.PROJECTION_PASS_INTERVAL_MS,
    beforeBatch: () => foreground.quiet(),
    onError,
  });

  let redis: RedisClient | undefined;
  let counters: RedisClient | undefined;
  let queue: Queue | undefined;
  let wakeup;
  if (config.REDIS_URL) {
    // Producer side fails fast while Redis is away (the poll catches up); the worker side waits for it.
    // A command that gets no answer (Redis frozen, a network partition) gives up after COMMAND_TIMEOUT_MS:
    // requests wait on Redis only for rate limits, which let the request through when Redis fails.
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, commandTimeout: COMMAND_TIMEOUT_MS };
    redis = createRedisClient(config.REDIS_URL, options);
    // The rate-limit counts have a connection of their own, auto-pipelined: the counts of one turn of the event
    // loop go in one write, so a burst of requests costs a few writes to Redis, not one each. (BullMQ's
    // connection stays as it is: auto-pipelining under Bull and BullMQ has been reported to break jobs,
    // OptimalBits/bull#2276, taskforcesh/bullmq#457.)
    counters = createRedisClient(config.REDIS_URL, { ...options, enableAutoPipelining: true });
    for (const connection of [redis, counters]) {
      connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
      await connection.connect().catch((error) => logger.warn({ err: error }, 'redis not reachable at start-up'));
    }
    queue = new Queue(PROJECTIONS_QUEUE, {
      connection: redis,
      prefix: queuePrefix(config.REDIS_URL, config.REDIS_PREFIX, PROJECTIONS_QUEUE),
    });
    queue.on('error', () => {}); // the connection's own listener above logs it
    wakeup = new BullmqWakeup(queue, runner, onError);
  } else {
    wakeup = new InProcessWakeup(runner, onError);
  }

  const inline = projections.filter((p) => p.mode === 'inline');
  const commitListeners: AfterCommit[] = [];
  const eventStore = new EventStore(db, inline, (types) => {
    wakeup.wake(types);
    for (const listener of commitListeners) listener(types);
  });
  const wakeups = config.RUN_WORKERS && config.REDIS_URL ? queueRedis(config.REDIS_URL, config.REDIS_PREFIX, PROJECTIONS_QUEUE) : undefined;
  const workers = config.RUN_WORKERS
    ? new ProjectionWorkers(runner, {
        pollMs: config.PROJECTION_POLL_MS,
        redis: wakeups,
        onRedisError: (error) => logger.warn({ err: error }, 'projection wake-ups: redis error'),
      })
    : undefined;

  return {
    config,
    logger,
    database,
    db,
    eventStore,
    runner,
    foreground,
    workers,
    redis,
    hits: counters ? new RedisHitCounter(counters, keyPrefix(config.REDIS_PREFIX), logger) : new MemoryHitCounter(),
    onCommit(listener) {
      commitListeners.push(listener);
    },
    async readiness() {
      const checks: Record<string, 'up' | 'down'> = {};
      checks.database = await upWithin(sql`select 1`.execute(db));
      if (redis) checks.redis = await upWithin(redis.ping());
      return checks;
    },
    async close() {
      await workers?.stop();
      closeQueueRedis(wakeups);
      await queue?.close();
      redis?.disconnect();
      counters?.disconnect();
      await database.close();
    },
  };
}

/** 'up' if the check answers in time: a readiness probe must answer even when a dependency hangs. */
function upWithin(check: Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), READINESS_TIMEOUT_MS)));
  return Promise.race([
    check.then(
      () => 'up' as const,
      () => 'down' as const,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}
