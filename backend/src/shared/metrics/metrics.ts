/**
 * What an operator watches (docs/operations.md, "Metrics"): Prometheus metrics of each process, served on a
 * port of their own (METRICS_PORT), never on the public one. Off unless METRICS_PORT is set.
 *
 * - Read when scraped, from the database and Redis: how far each projection (and partition) is behind, in
 *   events and seconds; the e-mail outbox's backlog and its oldest pending e-mail's age; BullMQ's queue depths.
 *   They describe the shared state, so every process reports the same values: alert on their max.
 * - Counted as they happen: requests by route and status with their durations, the tracker ingest's
 *   flow-control waits, and Node's own (event-loop lag, GC, heap) from prom-client's default metrics.
 *
 * With API_PROCESSES > 1 the supervisor serves the port and sums the processes' counts (prom-client's
 * AggregatorRegistry); the state read from the database is taken from one of them.
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import type { Config } from '../config/config.js';
import type { Kernel } from '../kernel.js';
import { checkpointNames } from '../projections/projection-runner.js';
import { queuePrefix } from '../redis/redis-connection.js';

/** Events behind are counted up to this many: past it the figure says "at least", and a scrape stays cheap. */
export const EVENTS_BEHIND_COUNTED = 1_000_000;

const httpRequests = new Counter({
  name: 'unsheet_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
});

const httpDuration = new Histogram({
  name: 'unsheet_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

/** The tracker ingest's flow control (analytics/collect/ingest-backpressure.ts): batches held back, and for how long. */
export const ingestWaits = new Histogram({
  name: 'unsheet_ingest_wait_seconds',
  help: 'Time tracker batches were held back by the ingest flow control while the visits projection was behind',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2],
});

let sources: { kernel: Kernel; queues: Queue[] } | null = null;
let stateWatched = false;

/**
 * Reads the shared state at each scrape from this kernel (the latest one given, in a process that builds
 * several, as tests do) and the named BullMQ queues.
 */
export function watchState(kernel: Kernel, queueNames: readonly string[]): void {
  const queues = kernel.redis
    ? queueNames.map(
        (name) =>
          new Queue(name, { connection: kernel.redis!, prefix: queuePrefix(kernel.config.REDIS_URL!, kernel.config.REDIS_PREFIX, name) }),
      )
    : [];
  for (const queue of queues) queue.on('error', () => {}); // the kernel's connection logs its errors
  sources = { kernel, queues };
  if (stateWatched) return;
  stateWatched = true;
  collectDefaultMetrics();

  // Each pair below comes from one query, shared by the two gauges' collects (a scrape collects them at once).
  const readLag = shared(async () => {
    const names = sources!.kernel.runner.asyncProjections.flatMap((projection) => checkpointNames(projection));
    // A partition with no checkpoint yet has the whole log ahead of it.
    const { rows } = await sql<{ name: string; seconds: number | null; behind: number }>`
      with checkpoints as (
        select n.name, coalesce(c.transaction_id, '0'::xid8) as transaction_id, coalesce(c.global_position, 0) as global_position
        from unnest(${names}::text[]) as n(name) left join projection_checkpoints c on c.name = n.name)
      select c.name,
             (select extract(epoch from now() - e.created_at)::float8 from events e
               where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
               order by e.transaction_id, e.global_position limit 1) as seconds,
             (select count(*)::int from (select 1 from events e
               where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
               limit ${EVENTS_BEHIND_COUNTED}) behind) as behind
      from checkpoints c`.execute(sources!.kernel.db);
    return rows;
  });
  type LagRow = Awaited<ReturnType<typeof readLag>>[number];
  const perCheckpoint = (name: string, help: string, value: (row: LagRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['checkpoint'] as const,
      aggregator: 'first',
      async collect() {
        if (!sources) return;
        const rows = await readLag();
        this.reset();
        for (const row of rows) this.set({ checkpoint: row.name }, value(row));
      },
    });
  perCheckpoint(
    'unsheet_projection_lag_seconds',
    "Age of the oldest event a projection's partition has not applied yet (0 when caught up)",
    (row) => Math.max(0, row.seconds ?? 0),
  );
  perCheckpoint(
    'unsheet_projection_events_behind',
    `Events after a projection partition's checkpoint (counted up to ${EVENTS_BEHIND_COUNTED})`,
    (row) => row.behind,
  );

  const readOutbox = shared(async () => {
    const { rows } = await sql<{ pending: number; seconds: number | null }>`
      select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as seconds
      from email_outbox where status = 'pending'`.execute(sources!.kernel.db);
    return { pending: rows[0]?.pending ?? 0, seconds: Math.max(0, rows[0]?.seconds ?? 0) };
  });
  new Gauge({
    name: 'unsheet_outbox_pending',
    help: 'E-mails waiting in the outbox to be sent (including those waiting for a retry)',
    aggregator: 'first',
    async collect() {
      if (sources) this.set((await readOutbox()).pending);
    },
  });
  new Gauge({
    name: 'unsheet_outbox_oldest_pending_seconds',
    help: 'Age of the oldest e-mail waiting in the outbox (0 when none is)',
    aggregator: 'first',
    async collect() {
      if (sources) this.set((await readOutbox()).seconds);
    },
  });

  new Gauge({
    name: 'unsheet_queue_jobs',
    help: 'BullMQ jobs by queue and state (with Redis only)',
    labelNames: ['queue', 'state'] as const,
    aggregator: 'first',
    async collect() {
      if (!sources) return;
      this.reset();
      for (const queue of sources.queues) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed').catch(() => null);
        if (!counts) continue;
        for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
      }
    },
  });

  const poolGauge = (state: 'total' | 'idle' | 'waiting', help: string) =>
    new Gauge({
      name: `unsheet_db_pool_${state}`,
      help,
      collect() {
        const stats = sources?.kernel.database.poolStats?.();
        if (stats) this.set(stats[state]);
      },
    });
  poolGauge('total', "Connections this process's PostgreSQL pool holds");
  poolGauge('idle', "Idle connections in this process's PostgreSQL pool");
  poolGauge('waiting', 'Queries of this process waiting for a PostgreSQL connection');
}

/** `read`, run once for the calls made while it runs: the gauges of one scrape share one query. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => (running ??= read().finally(() => (running = null)));
}

/** Counts every answer of this Fastify instance by route pattern (not the path: ids would make a series each). */
export function countRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Serves GET /metrics on METRICS_HOST:METRICS_PORT. In a process of an API cluster, nothing: the supervisor
 * serves them all (serveClusterMetrics).
 */
export async function serveMetrics(config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>): Promise<Server | null> {
  if (config.METRICS_PORT === undefined || cluster.isWorker) return null;
  return listen(config, () => register.metrics(), register.contentType);
}

/** The supervisor of API_PROCESSES processes: their metrics together, from each one over cluster IPC. */
export async function serveClusterMetrics(config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>): Promise<Server | null> {
  if (config.METRICS_PORT === undefined) return null;
  const aggregator = new AggregatorRegistry();
  return listen(config, () => aggregator.clusterMetrics(), aggregator.contentType);
}

async function listen(
  { METRICS_PORT, METRICS_HOST }: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>,
  read: () => Promise<string>,
  contentType: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    read().then(
      (text) => response.writeHead(200, { 'Content-Type': contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  server.listen(METRICS_PORT, METRICS_HOST);
  await once(server, 'listening');
  return server;
}
