/**
 * The event log: the only source of truth. Appends run in one transaction together with the inline
 * projections, so what a command wrote can be read back at once; async projectors are woken after commit.
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Db, EventsTable, Tables, Trx } from '../db/tables.js';
import type { Projection } from '../projections/projection.js';
import { ConcurrencyError } from './concurrency.error.js';
import type { Event, EventMetadata, ExpectedVersion, RecordedEvent } from './events.js';

export interface AppendResult {
  /** The stream's version after the append: pass it as expectedVersion to append again. */
  nextExpectedVersion: number;
  events: RecordedEvent[];
}

export interface UnversionedEvent extends Event {
  streamId: string;
}

/** Where a catch-up reader stands in the log: the last event it has processed. */
export interface Position {
  transactionId: string;
  globalPosition: number;
}

export const START: Position = { transactionId: '0', globalPosition: 0 };

/** One of `of` parts of the log, split by a hash of the stream id: every event of a stream is in one part. */
export interface Partition {
  index: number;
  of: number;
}

/** The partition (0 to of - 1) of the stream id in `column`: PostgreSQL's 64-bit text hash, modulo `of`. */
export function streamPartition(column: RawBuilder<unknown> | string, of: number): RawBuilder<number> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return partitionOfHash(sql`hashtextextended(${ref}, 0)`, of);
}

/** The partition of a stream hash (the events' stream_hash column). */
function partitionOfHash(hash: RawBuilder<unknown>, of: number): RawBuilder<number> {
  return sql<number>`mod(${hash} & ${Number.MAX_SAFE_INTEGER}::bigint, ${of})::int`;
}

/** Told, after each commit, which event types were appended, so the projectors that handle them wake up. */
export type AfterCommit = (types: readonly string[]) => void;

const MAX_ANY_VERSION_ATTEMPTS = 3;

export class EventStore {
  constructor(
    private readonly db: Db,
    private readonly inlineProjections: readonly Projection[] = [],
    private readonly afterCommit: AfterCommit = () => {},
  ) {}

  /**
   * Appends events to one stream with optimistic concurrency: the stream must be at `expectedVersion`
   * (0 for a new stream), otherwise a ConcurrencyError is thrown and nothing is written. With 'any' the
   * events go after whatever is there, retrying a few times if another writer gets in first.
   */
  async append(
    streamId: string,
    events: readonly Event[],
    expectedVersion: ExpectedVersion,
    metadata: EventMetadata = {},
  ): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.db
          .transaction()
          .execute((trx) => this.appendInTransaction(trx, streamId, events, expectedVersion, metadata));
        this.published(result.events);
        return result;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || expectedVersion !== 'any' || attempt >= MAX_ANY_VERSION_ATTEMPTS) {
          throw error;
        }
      }
    }
  }

  /**
   * `append` inside a transaction the caller holds, for a command that must decide under a lock it took in
   * that transaction. The caller calls `published(events)` once the transaction has committed.
   */
  async appendInTransaction(
    trx: Trx,
    streamId: string,
    events: readonly Event[],
    expectedVersion: ExpectedVersion,
    metadata: EventMetadata = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const current = await streamVersion(trx, streamId);
    if (expectedVersion !== 'any' && expectedVersion !== current) {
      throw new ConcurrencyError(streamId, expectedVersion, current);
    }
    const rows = events.map((event, i) => toRow(streamId, current + 1 + i, event, metadata));
    try {
      const recorded = await this.insert(trx, rows);
      return { nextExpectedVersion: recorded.at(-1)!.streamVersion!, events: recorded };
    } catch (error) {
      if (isUniqueViolation(error, 'events_stream_version_key')) throw new ConcurrencyError(streamId, expectedVersion, null);
      throw error;
    }
  }

  /**
   * Starts several streams at once, in one INSERT, inside the caller's transaction (each stream must be new:
   * version 0). A stream that exists already fails the whole statement with a ConcurrencyError. The caller
   * calls `published(events)` once the transaction has committed.
   */
  async startStreamsInTransaction(
    trx: Trx,
    streams: readonly { streamId: string; events: readonly Event[] }[],
    metadata: EventMetadata = {},
  ): Promise<RecordedEvent[]> {
    const rows = streams.flatMap(({ streamId, events }) => events.map((event, i) => toRow(streamId, 1 + i, event, metadata)));
    if (rows.length === 0) return [];
    try {
      return await this.insert(trx, rows);
    } catch (error) {
      if (isUniqueViolation(error, 'events_stream_version_key')) throw new ConcurrencyError(streams[0]!.streamId, 0, null);
      throw error;
    }
  }

  /** Wakes the projectors of these events; `append` does it itself after its commit. */
  published(events: readonly RecordedEvent[]): void {
    this.afterCommit(typesOf(events));
  }

  /**
   * The high-volume path (analytics): many events, any streams, one INSERT statement, no version check;
   * such events carry no stream version. Unless an inline projection handles them, the statement runs on
   * its own (it is atomic by itself) and returns nothing, which keeps it close to a bare INSERT.
   * Returns the number of events appended.
   */
  async appendUnversioned(events: readonly UnversionedEvent[], metadata: EventMetadata = {}): Promise<number> {
    if (events.length === 0) return 0;
    const rows = events.map((event) => toRow(event.streamId, null, event, metadata));
    const types = [...new Set(events.map((event) => event.type))];
    if (this.inlineProjections.some((p) => p.handles.some((type) => types.includes(type)))) {
      await this.db.transaction().execute((trx) => this.insert(trx, rows));
    } else {
      await insertEvents(this.db, JSON.stringify(rows)).execute();
    }
    this.afterCommit(types);
    return events.length;
  }

  /**
   * Unversioned events inside the caller's transaction: for events no decision is guarded by (a command that
   * decided under its own lock). The caller calls `published(events)` once the transaction has committed.
   */
  async appendUnversionedInTransaction(
    trx: Trx,
    events: readonly UnversionedEvent[],
    metadata: EventMetadata = {},
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    return this.insert(
      trx,
      events.map((event) => toRow(event.streamId, null, event, metadata)),
    );
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await this.db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('global_position').execute();
    return rows.map(toRecorded);
  }

  async streamVersion(streamId: string): Promise<number> {
    return streamVersion(this.db, streamId);
  }

  private async insert(trx: Trx, rows: NewEventRow[]): Promise<RecordedEvent[]> {
    // Only what the database adds comes back; the rest is what was written (read back as JSON, as from the log).
    const json = JSON.stringify(rows);
    const written = await insertEvents(trx, json).returning(['global_position', 'transaction_id', 'created_at']).execute();
    const sent = JSON.parse(json) as NewEventRow[];
    const recorded = written.map((added, i): RecordedEvent => ({
      globalPosition: added.global_position,
      streamId: sent[i]!.stream_id,
      streamVersion: sent[i]!.stream_version,
      type: sent[i]!.type,
      data: sent[i]!.data,
      metadata: sent[i]!.metadata,
      transactionId: added.transaction_id,
      createdAt: added.created_at,
    }));
    for (const projection of this.inlineProjections) {
      const handled = recorded.filter((event) => projection.handles.includes(event.type));
      if (handled.length > 0) await projection.handle(trx, handled, { partition: 0 });
    }
    return recorded;
  }
}

export interface CatchUpBatch {
  /** The events of the requested types in the window, in (transaction id, position) order. */
  events: RecordedEvent[];
  /** The last position the window covered (whatever its type), or null when there was nothing to read. */
  scannedTo: Position | null;
  /** How many positions the window covered: fewer than the limit means the reader has caught up. */
  scanned: number;
}

/**
 * Reads a window of the next `limit` events after `after`, in (transaction id, position) order, and only
 * those written by transactions older than every transaction of this database still running: a position
 * taken from a sequence can commit after a higher one, and reading below that horizon (COMMITTED_HORIZON)
 * means a reader never moves past an event that is about to appear behind it.
 *
 * The window is walked in index order (an index-only scan of events_catch_up_idx) whatever the types, and
 * full rows are fetched only for the requested types, one primary-key lookup each; `scannedTo` lets a reader
 * of rare types move its checkpoint past the events it skipped, so each batch costs at most `limit` index
 * entries and lookups, however long the log. (`offset 0` keeps the planner from flattening the lookups into
 * a hash join, which it prefers while the table is small and which reads the whole log on every batch:
 * 17 ms instead of 1.5 ms a batch at 14,000 events.)
 */
export async function readCommittedAfter(db: Kysely<Tables>, after: Position, options: CatchUpOptions): Promise<CatchUpBatch> {
  const { rows } = await catchUpWindow(after, options).execute(db);
  const last = rows.at(-1);
  return {
    events: rows.filter((row) => row.stream_id !== null).map((row) => toRecorded(row as Selectable<EventsTable>)),
    scannedTo: last ? { transactionId: last.transaction_id, globalPosition: last.global_position } : null,
    scanned: rows.length,
  };
}

export interface CatchUpOptions {
  types?: readonly string[];
  limit: number;
  /** Only the events of this partition are returned; the window still covers every position. */
  partition?: Partition;
}

/** The statement behind readCommittedAfter (exported so a test can look at its plan). */
export function catchUpWindow(after: Position, options: CatchUpOptions): RawBuilder<WindowRow> {
  return sql<WindowRow>`
    with w as (${windowOf(after, options)})
    select w.transaction_id, w.global_position, w.type,
           e.stream_id, e.stream_version, e.data, e.metadata, e.created_at
    from w
    left join lateral (
      select stream_id, stream_version, data, metadata, created_at
      from events e
      where e.global_position = w.global_position and ${wanted(options)}
      offset 0
    ) e on true
    order by w.transaction_id, w.global_position`;
}

/**
 * Every transaction id below this is finished, or belongs to a transaction running in another database of
 * the server (which cannot write this database's log): the oldest transaction of the statement's snapshot
 * that is not seen running elsewhere, or the snapshot's xmax. The snapshot's xmin alone is the whole server's:
 * one long write transaction in another database (a migration, a batch job, another application) would
 * hold back every projection here. A transaction is taken for another database's only while its id's lock is
 * held by a backend connected to another database; one that has finished since the snapshot, or whose
 * backend cannot be seen, still counts, so the horizon errs on the side of waiting.
 */
const COMMITTED_HORIZON = sql`coalesce(
  (select min(x) from pg_snapshot_xip(pg_current_snapshot()) x
   where not exists (
     select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'transactionid' and l.granted
       and l.transactionid::text::bigint = x::text::bigint % 4294967296
       and a.datid <> (select oid from pg_database where datname = current_database()))),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/** The next `limit` committed positions after `after`, from the catch-up index alone (see readCommittedAfter). */
function windowOf(after: Position, options: CatchUpOptions): RawBuilder<unknown> {
  return sql`
    select transaction_id, global_position, type, stream_hash
    from events
    where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      and transaction_id < ${COMMITTED_HORIZON}
    order by transaction_id, global_position
    limit ${options.limit}`;
}

/** Whether the window's row `w` is one the reader wants: read from the index entry only. */
function wanted({ types, partition }: CatchUpOptions): RawBuilder<boolean> {
  const ofTypes = types ? sql<boolean>`w.type in (${sql.join([...types])})` : sql<boolean>`true`;
  return partition ? sql<boolean>`${ofTypes} and ${partitionOfHash(sql`w.stream_hash`, partition.of)} = ${partition.index}` : ofTypes;
}

export interface PositionsBatch {
  /** The positions of the wanted events in the window, by type, each list in log order. */
  positions: Map<string, number[]>;
  /** As in CatchUpBatch. */
  scannedTo: Position | null;
  scanned: number;
}

/**
 * The same window as readCommittedAfter, but only the positions of the wanted events, read from the catch-up
 * index without touching a row: for a projection that applies its batch in SQL from the log itself.
 */
export async function readCommittedPositions(db: Kysely<Tables>, after: Position, options: CatchUpOptions): Promise<PositionsBatch> {
  const { rows } = await sql<{
    scanned: number;
    last_xid: string | null;
    last_position: number | null;
    positions: Record<string, number[]> | null;
  }>`
    with w as (${windowOf(after, options)}),
    last as (select transaction_id, global_position from w order by transaction_id desc, global_position desc limit 1)
    select (select count(*)::int from w) as scanned,
           (select transaction_id::text from last) as last_xid,
           (select global_position from last) as last_position,
           (select json_object_agg(type, positions) from (
              select w.type, array_agg(w.global_position order by w.transaction_id, w.global_position) as positions
              from w where ${wanted(options)} group by w.type) t) as positions`.execute(db);
  const row = rows[0]!;
  return {
    positions: new Map(Object.entries(row.positions ?? {}).map(([type, list]) => [type, list.map(Number)])),
    scannedTo: row.last_xid === null ? null : { transactionId: row.last_xid, globalPosition: Number(row.last_position) },
    scanned: row.scanned,
  };
}

type WindowRow = Pick<Selectable<EventsTable>, 'transaction_id' | 'global_position' | 'type'> & {
  [K in 'stream_id' | 'stream_version' | 'data' | 'metadata' | 'created_at']: Selectable<EventsTable>[K] | null;
};

/** Every event of the given types that is committed now, in log order (used to rebuild inline projections). */
export async function readAllCommitted(db: Kysely<Tables>, types: readonly string[]): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('type', 'in', [...types])
    .orderBy('global_position')
    .execute();
  return rows.map(toRecorded);
}

export async function streamVersion(db: Kysely<Tables>, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

interface NewEventRow {
  stream_id: string;
  stream_version: number | null;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/**
 * One INSERT for any number of events, the rows sent as one JSON parameter: one serialisation of the whole
 * batch, which PostgreSQL parses once (no per-cell array literal to escape and parse, as shared/db/unnest.ts
 * sends, which for JSON documents costs more in this process than the JSON itself). Rows are inserted in
 * the given order, so positions and RETURNING follow it.
 */
function insertEvents(db: Db | Trx, json: string) {
  return db
    .insertInto('events')
    .columns(['stream_id', 'stream_version', 'type', 'data', 'metadata'])
    .expression(
      sql`select stream_id, stream_version, type, data, metadata from jsonb_to_recordset(${json}::jsonb)
        as r(stream_id text, stream_version integer, type text, data jsonb, metadata jsonb)`,
    );
}

function toRow(streamId: string, version: number | null, event: Event, metadata: EventMetadata): NewEventRow {
  return { stream_id: streamId, stream_version: version, type: event.type, data: event.data, metadata: { ...metadata, ...event.metadata } };
}

function toRecorded(row: Selectable<EventsTable>): RecordedEvent {
  return {
    globalPosition: row.global_position,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
  };
}

function typesOf(events: readonly RecordedEvent[]): string[] {
  return [...new Set(events.map((event) => event.type))];
}
