/**
 * Analytics ingest: batches of 50 distinct tracker events (a visit each) to POST /api/analytics/collect.
 *   1. Saturation (10 connections), the projections running and the ingest's flow control on (the API holds
 *      batches while the visits projection is more than ANALYTICS_MAX_LAG_MS behind): events/s and latency,
 *      and the visits projection's lag sampled every 100 ms during it (the age of the oldest event it has not
 *      applied, after the checkpoint of its partition furthest behind); when the traffic
 *      stops, the backlog (events not yet projected) and the time until the projection has caught up with it.
 *   2. The endpoint alone: saturation again with the worker process stopped (nothing projected meanwhile) on an
 *      API process without flow control, and a bare multi-row INSERT of the same rows (50 a statement, 10 at a
 *      time) on the same database, also alone: the ratio of the two rates says what the endpoint costs. The
 *      worker then works off what the endpoint wrote alone.
 *   3. The target rate (5,000 events/s, 100 batches/s) → latency, and the lag as a visitor sees it: probe
 *      sessions sent every 100 ms, timed from the request until the session is in user_sessions (what the
 *      metrics read).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { visitsProjection } from '../../src/analytics/projections/visits.projection.js';
import type { Db } from '../../src/shared/db/tables.js';
import { checkpointNames, projectionLag } from '../../src/shared/projections/projection-runner.js';
import type { TrackerEvent } from '../../../contracts/analytics/collect.js';
import { parseUserAgent, toVisitEvent } from '../../src/analytics/collect/enrich.js';
import { BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../../src/analytics/testing/tracker-events.js';
import { cpuPer, cpuSnapshot } from './cpu.js';
import { load, percentile, type LoadResult } from './load.js';

export const INGEST = {
  batch: 50,
  connections: 10,
  saturationSeconds: 15,
  targetEventsPerSecond: 5000,
  targetSeconds: 20,
  probeEveryMs: 100,
  lagSampleEveryMs: 100,
};

export interface IngestFigures {
  saturation: LoadResult & { eventsPerSecond: number };
  target: LoadResult & { eventsPerSecond: number };
  /** The ingest at saturation with the worker process stopped (the endpoint alone). */
  alone: LoadResult & { eventsPerSecond: number };
  bare: number;
  /** alone / bare: what the endpoint costs over the INSERT itself. */
  ratio: number;
  /** CPU per event during the saturation run (with the projections), by process kind. */
  cpuPerEvent: string;
  /** CPU per event during the run of the endpoint alone. */
  aloneCpuPerEvent: string;
  /** During the saturation run, sampled: the visits projection's lag behind the newest event. */
  saturationLag: { p50: number; p99: number; max: number; samples: number };
  /** When the saturation's traffic stopped: events not yet projected, and the time to project them. */
  backlog: { events: number; catchUpMs: number };
  /** At the target rate: probe sessions, from the request until visible. */
  lag: { p50: number; p99: number; max: number; probes: number };
}

/** Stops and starts the worker process (its projections and e-mails); an API process without flow control. */
export interface IngestControl {
  stopWorker(): Promise<void>;
  startWorker(): Promise<void>;
  /** An API process of its own with ANALYTICS_MAX_LAG_MS=0, for the run of the endpoint alone. */
  startApiWithoutFlowControl(): Promise<{ url: string; stop(): Promise<unknown> }>;
}

const HEADERS = { 'content-type': 'application/json', 'user-agent': BROWSER_UA };

/** Saturation runs of `url` with distinct batches. */
function runner(url: string) {
  const bodies = Array.from({ length: 4000 }, () => JSON.stringify({ events: visitBatch() }));
  let next = 0;
  return async (duration: number, overallRate?: number, to = url) => {
    const result = await load({
      url: to,
      connections: INGEST.connections,
      duration,
      overallRate,
      method: 'POST',
      headers: HEADERS,
      body: () => bodies[next++ % bodies.length]!,
    });
    return { ...result, eventsPerSecond: result.rps * INGEST.batch };
  };
}

export async function analyticsIngest(baseUrl: string, db: pg.Pool, kysely: Db, control: IngestControl): Promise<IngestFigures> {
  const url = `${baseUrl}/api/analytics/collect`;
  const headers = HEADERS;
  const run = runner(url);
  await post(url, headers, JSON.stringify({ events: visitBatch() })); // warm up

  const sampling = sampleLag(kysely);
  const cpuBefore = cpuSnapshot();
  const saturation = await run(INGEST.saturationSeconds);
  const cpuPerEvent = cpuPer(cpuBefore, cpuSnapshot(), saturation.ok * INGEST.batch, 'µs');
  const lags = await sampling.stop();
  const backlog = await workOffBacklog(db);
  await caughtUp(db, url, headers);

  // The endpoint alone: nothing projected meanwhile, and no flow control holding batches for the projection.
  await control.stopWorker();
  const { alone, aloneCpuPerEvent, bare } = await endpointAlone(db, control);
  await control.startWorker();
  await caughtUp(db, url, headers);

  const probes: number[] = [];
  const probing = probeLag(db, url, headers, probes);
  const target = await run(INGEST.targetSeconds, INGEST.targetEventsPerSecond / INGEST.batch);
  await probing.stop();
  return {
    saturation,
    target,
    alone,
    bare,
    ratio: alone.eventsPerSecond / bare,
    cpuPerEvent,
    aloneCpuPerEvent,
    saturationLag: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags), samples: lags.length },
    backlog,
    lag: { p50: percentile(probes, 50), p99: percentile(probes, 99), max: Math.max(...probes), probes: probes.length },
  };
}

export interface EndpointAloneFigures {
  alone: LoadResult & { eventsPerSecond: number };
  aloneCpuPerEvent: string;
  /** Rows/s of the bare multi-row INSERT. */
  bare: number;
}

/**
 * The endpoint alone against the bare INSERT, the worker process stopped: on an API process of its own without
 * flow control, then the INSERTs on the same database (`BENCH_ONLY=ingest-alone` runs only this).
 */
export async function endpointAlone(
  db: pg.Pool,
  control: Pick<IngestControl, 'startApiWithoutFlowControl'>,
): Promise<EndpointAloneFigures> {
  const api = await control.startApiWithoutFlowControl();
  const aloneUrl = `${api.url}/api/analytics/collect`;
  const run = runner(aloneUrl);
  await run(2); // warm up
  const aloneCpuBefore = cpuSnapshot();
  const alone = await run(INGEST.saturationSeconds / 3);
  const aloneCpuPerEvent = cpuPer(aloneCpuBefore, cpuSnapshot(), alone.ok * INGEST.batch, 'µs');
  await api.stop();
  const bare = await bareInsertRate(db, INGEST.saturationSeconds / 3);
  return { alone, aloneCpuPerEvent, bare };
}

/** One visit as the tracker batches it: start, page views with their times, interactions, end (50 events). */
export function visitBatch(): TrackerEvent[] {
  const sessionId = randomUUID();
  const events: TrackerEvent[] = [
    sessionStart({ sessionId, url: 'https://unsheet.app/?utm_source=newsletter', parsedReferrer: 'google', trafficType: 'search' }),
  ];
  while (events.length < INGEST.batch - 1) {
    const pageViewId = randomUUID();
    events.push(
      pageView({
        sessionId,
        pageViewId,
        url: `https://unsheet.app/app/tool-${events.length % 17}`,
        title: 'Invoice Chaser — Unsheet',
        potentialKeywords: ['invoice', 'reminders'],
      }),
    );
    events.push(pageTime({ sessionId, pageViewId, seconds: events.length }));
    if (events.length < INGEST.batch - 1)
      events.push(interaction({ sessionId, appId: randomUUID(), action: 'view', metadata: { position: events.length } }));
  }
  events.push(sessionEnd({ sessionId, timeOnSite: 300, pagesViewed: 16 }));
  return events.slice(0, INGEST.batch);
}

/** The same rows the endpoint appends, inserted with plain multi-row INSERTs, `connections` at a time. */
async function bareInsertRate(pool: pg.Pool, seconds: number): Promise<number> {
  await pool.query(`create table bare_events (id bigint generated always as identity primary key, stream_id text not null,
    type text not null, data jsonb not null, metadata jsonb not null)`);
  const context = { userAgent: parseUserAgent(BROWSER_UA), ipHash: '0'.repeat(32), receivedAt: new Date() };
  const batches = Array.from({ length: 400 }, () => visitBatch().map((event) => toVisitEvent(event, context)));
  const statement = `insert into bare_events (stream_id, type, data, metadata) values ${Array.from(
    { length: INGEST.batch },
    (_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`,
  ).join(', ')}`;
  let rows = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST.connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += INGEST.connections) {
        const batch = batches[i % batches.length]!;
        await pool.query(
          statement,
          batch.flatMap((e) => [e.streamId, e.type, JSON.stringify(e.data), '{}']),
        );
        rows += batch.length;
      }
    }),
  );
  const rate = rows / ((performance.now() - started) / 1000);
  await pool.query('drop table bare_events');
  return rate;
}

const VISITS_CHECKPOINTS = checkpointNames(visitsProjection);

/**
 * The events after the checkpoint of the visits projection's partition furthest behind (a partition without
 * one counts from the start of the log), and the newest event's position.
 */
async function backlog(db: pg.Pool): Promise<{ behind: number; head: { xid: string; p: number } }> {
  const { rows } = await db.query<{ behind: number; xid: string; p: number }>(
    `with head as (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1),
     cp as (
       select transaction_id, global_position from projection_checkpoints where name = any($1)
       union all select '0'::xid8, 0 where (select count(*) from projection_checkpoints where name = any($1)) < cardinality($1)
       order by 1, 2 limit 1)
     select (select count(*) from events x
              where (x.transaction_id, x.global_position) > (cp.transaction_id, cp.global_position))::int as behind,
            head.transaction_id::text as xid, head.global_position::int as p
     from head cross join cp`,
    [VISITS_CHECKPOINTS],
  );
  const row = rows[0];
  return row ? { behind: row.behind, head: { xid: row.xid, p: row.p } } : { behind: 0, head: { xid: '0', p: 0 } };
}

/** Samples the visits projection's lag (projectionLag, as the ingest's flow control reads it) every lagSampleEveryMs until stopped. */
function sampleLag(db: Db) {
  const samples: number[] = [];
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const next = performance.now() + INGEST.lagSampleEveryMs;
      samples.push(Math.round((await projectionLag(db, visitsProjection))?.ms ?? 0));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return samples;
    },
  };
}

/** Right after the traffic stops: the events not yet projected, and the ms until every partition has passed them. */
async function workOffBacklog(db: pg.Pool): Promise<{ events: number; catchUpMs: number }> {
  const started = performance.now();
  const { behind, head } = await backlog(db);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from projection_checkpoints
       where name = any($1) and (transaction_id, global_position) >= ($2::xid8, $3::bigint)`,
      [VISITS_CHECKPOINTS, head.xid, head.p],
    );
    if (rows[0]!.n === VISITS_CHECKPOINTS.length) return { events: behind, catchUpMs: Math.round(performance.now() - started) };
    if (Date.now() > deadline) throw new Error('the visits projection did not catch up within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once a session sent now is in user_sessions: the projection has worked off what came before it. */
async function caughtUp(db: pg.Pool, url: string, headers: Record<string, string>): Promise<void> {
  const sessionId = randomUUID();
  await post(url, headers, JSON.stringify({ events: [sessionStart({ sessionId })] }));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await db.query('select 1 from user_sessions where session_id = $1', [sessionId]);
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('the projections did not catch up within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends a probe session every probeEveryMs and records, for each, the ms until it is in user_sessions. */
function probeLag(db: pg.Pool, url: string, headers: Record<string, string>, lags: number[]) {
  const pending = new Map<string, number>();
  let stopped = false;
  const sender = setInterval(() => {
    const sessionId = randomUUID();
    pending.set(sessionId, performance.now());
    void post(url, headers, JSON.stringify({ events: [sessionStart({ sessionId })] }));
  }, INGEST.probeEveryMs);
  const watcher = (async () => {
    while (!stopped || pending.size > 0) {
      const ids = [...pending.keys()];
      if (ids.length > 0) {
        const { rows } = await db.query<{ session_id: string }>('select session_id from user_sessions where session_id = any($1::uuid[])', [
          ids,
        ]);
        const now = performance.now();
        for (const { session_id } of rows) {
          lags.push(Math.round(now - pending.get(session_id)!));
          pending.delete(session_id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      clearInterval(sender);
      stopped = true;
      await Promise.race([watcher, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (pending.size > 0) throw new Error(`${pending.size} probe sessions never became visible`);
    },
  };
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers, body });
  if (response.status !== 202) throw new Error(`collect answered ${response.status}: ${await response.text()}`);
}
