/**
 * Runs async projections: reads the log after a projection's checkpoint and commits the projection's
 * changes together with the new checkpoint, so a lost, repeated or concurrent wake-up never loses or
 * doubles an event. A transaction-scoped advisory lock keeps one runner per projection at a time, across
 * processes. A projection split into partitions (`Projection.partitions`) has a checkpoint and a lock per
 * partition, so its partitions are applied at once, by one process or several. Also rebuilds any projection
 * from the log.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../db/tables.js';
import {
  readAllCommitted,
  readCommittedAfter,
  readCommittedPositions,
  START,
  type Partition,
  type Position,
} from '../event-store/event-store.js';
import type { Projection } from './projection.js';

export interface RunnerOptions {
  batchSize: number;
  /**
   * A partition's passes start at least this many ms apart in this process (0 when absent): a pass costs a
   * dozen statements however few events it finds, so under a stream of wake-ups, passes a few ms apart with a
   * handful of events each cost several times as much per event as passes that find a few hundred. The first
   * wake-up after a quiet while is served at once, and within a pass a full window (a backlog) is followed
   * at once.
   */
  passIntervalMs?: number;
  /** Awaited before each batch: in a process that serves HTTP too, until no request is in flight (Foreground). */
  beforeBatch?: () => Promise<void>;
  onError?: (projection: string, error: unknown) => void;
}

export class ProjectionRunner {
  private readonly byName: Map<string, Projection>;
  /** The passes running in this process, by checkpoint name (one per partition). */
  private readonly running = new Map<string, Promise<number>>();
  private readonly requestedAgain = new Set<string>();
  /** When each partition's last pass started in this process (passes start passIntervalMs apart at least). */
  private readonly passStarted = new Map<string, number>();

  constructor(
    private readonly db: Db,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
    if (this.byName.size !== projections.length) throw new Error('Projection names must be unique');
    for (const p of projections) {
      const n = p.partitions ?? 1;
      if (!Number.isInteger(n) || n < 1) throw new Error(`Projection "${p.name}": partitions must be a positive integer`);
      if (n > 1 && p.mode !== 'async') throw new Error(`Projection "${p.name}": only async projections are partitioned`);
    }
  }

  get asyncProjections(): Projection[] {
    return this.projections.filter((p) => p.mode === 'async');
  }

  /** Names of the async projections that handle any of these event types. */
  namesHandling(types: readonly string[]): string[] {
    return this.asyncProjections.filter((p) => p.handles.some((t) => types.includes(t))).map((p) => p.name);
  }

  /**
   * Processes batches until the projection has caught up, every partition at once. Calls made while a
   * partition runs in this process are folded into one more pass of it, so no wake-up is lost and none
   * starts a second loop. Returns the number of events applied.
   */
  async catchUp(name: string): Promise<number> {
    const projection = this.get(name);
    const applied = await Promise.all(partitionsOf(projection).map((partition) => this.catchUpPartition(projection, partition)));
    return applied.reduce((a, b) => a + b, 0);
  }

  async catchUpAll(): Promise<void> {
    await Promise.all(this.asyncProjections.map((p) => this.catchUp(p.name).catch((error) => this.options.onError?.(p.name, error))));
  }

  /**
   * One batch of one partition in one transaction: lock, read the checkpoint, read the window after it,
   * apply the partition's events the projection handles, move the checkpoint to the window's end. Returns
   * 'busy' when another runner holds the partition.
   */
  async processBatch(name: string, partition = 0): Promise<BatchResult | 'busy'> {
    const projection = this.get(name);
    const part = partitionOf(projection, partition);
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lockKey(part.checkpoint)}) as locked`.execute(trx);
      if (!rows[0]?.locked) return 'busy';
      return applyNextBatch(trx, projection, part, this.windowOf(projection));
    });
  }

  /** Where a partition of the projection stands in the log. */
  async checkpoint(name: string, partition = 0): Promise<Position> {
    return readCheckpoint(this.db, partitionOf(this.get(name), partition).checkpoint);
  }

  /**
   * Empties a projection's tables and replays the log into them, in one transaction: readers see the old
   * read model until the new one is complete. A partitioned projection is replayed one partition after the
   * other, in order, so a rebuild always gives the same tables. Returns the number of events replayed.
   */
  async rebuild(name: string): Promise<number> {
    const projection = this.get(name);
    const partitions = partitionsOf(projection);
    return this.db.transaction().execute(async (trx) => {
      // In partition order, as every runner that takes more than one of them.
      for (const part of partitions) await sql`select pg_advisory_xact_lock(${lockKey(part.checkpoint)})`.execute(trx);
      // TRUNCATE locks the tables, so an inline append either committed before (and is replayed) or
      // waits and applies its change to the rebuilt tables afterwards.
      for (const table of projection.tables) await sql`truncate table ${sql.table(table)}`.execute(trx);
      if (projection.mode === 'inline') {
        const events = await readAllCommitted(trx, projection.handles);
        for (let i = 0; i < events.length; i += this.options.batchSize) {
          await projection.handle(trx, events.slice(i, i + this.options.batchSize), { partition: 0 });
        }
        return events.length;
      }
      // Checkpoints of an earlier number of partitions go too.
      await trx
        .deleteFrom('projection_checkpoints')
        .where((eb) => eb.or([eb('name', '=', name), eb('name', 'like', `${escapeLike(name)}#%`)]))
        .execute();
      const window = this.windowOf(projection);
      let total = 0;
      for (const part of partitions) {
        for (;;) {
          const { applied, scanned } = await applyNextBatch(trx, projection, part, window);
          total += applied;
          if (scanned < window) break;
        }
      }
      return total;
    });
  }

  private catchUpPartition(projection: Projection, part: PartitionOf): Promise<number> {
    const key = part.checkpoint;
    const current = this.running.get(key);
    if (current) {
      this.requestedAgain.add(key);
      return current;
    }
    const run = this.drainWhileRequested(projection, part).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /**
   * How many positions a batch reads: the batch size, times the number of partitions, so that a partition's
   * batch applies about as many events as a whole projection's would (fewer statements per event).
   */
  private windowOf(projection: Projection): number {
    return this.options.batchSize * (projection.partitions ?? 1);
  }

  private async drainWhileRequested(projection: Projection, part: PartitionOf): Promise<number> {
    const window = this.windowOf(projection);
    let total = 0;
    do {
      const rest = (this.passStarted.get(part.checkpoint) ?? -Infinity) + (this.options.passIntervalMs ?? 0) - performance.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      this.passStarted.set(part.checkpoint, performance.now());
      this.requestedAgain.delete(part.checkpoint);
      for (;;) {
        await this.options.beforeBatch?.();
        const batch = await this.processBatch(projection.name, part.index);
        if (batch === 'busy') return total;
        total += batch.applied;
        if (batch.scanned < window) break;
      }
    } while (this.requestedAgain.has(part.checkpoint));
    return total;
  }

  private get(name: string): Projection {
    const projection = this.byName.get(name);
    if (!projection) throw new Error(`Unknown projection "${name}"`);
    return projection;
  }
}

export interface BatchResult {
  /** Events handed to the projection. */
  applied: number;
  /** Positions the batch moved over, handled or not: fewer than its window means caught up. */
  scanned: number;
}

/**
 * The checkpoint rows of an async projection: its name when it has one partition, else one per partition,
 * `<name>#<partition>/<partitions>` (a different number of partitions starts from checkpoints of its own).
 */
export function checkpointNames(projection: Projection): string[] {
  return partitionsOf(projection).map((part) => part.checkpoint);
}

/**
 * How far behind an async projection is: the age in ms of the oldest event it has not applied, the first
 * after the checkpoint of its partition furthest behind (0 when it has applied everything), with that
 * checkpoint's position as text. Null before the projection has written a checkpoint.
 */
export async function projectionLag(db: Db, projection: Projection): Promise<{ ms: number; checkpoint: string } | null> {
  const { rows } = await sql<{ ms: number | null; checkpoint: string }>`
    with behind as (
      select transaction_id, global_position from projection_checkpoints where name = any(${checkpointNames(projection)})
      order by transaction_id, global_position limit 1)
    select (select (extract(epoch from now() - e.created_at) * 1000)::float8 from events e
             where (e.transaction_id, e.global_position) > (behind.transaction_id, behind.global_position)
             order by e.transaction_id, e.global_position limit 1) as ms,
           behind.transaction_id || '/' || behind.global_position as checkpoint
    from behind`.execute(db);
  const row = rows[0];
  return row ? { ms: Math.max(0, row.ms ?? 0), checkpoint: row.checkpoint } : null;
}

interface PartitionOf {
  index: number;
  /** Its checkpoint's name, also its lock's key. */
  checkpoint: string;
  /** The filter of the catch-up read; absent when the projection is not partitioned. */
  filter?: Partition;
}

function partitionsOf(projection: Projection): PartitionOf[] {
  return Array.from({ length: projection.partitions ?? 1 }, (_, index) => partitionOf(projection, index));
}

function partitionOf(projection: Projection, index: number): PartitionOf {
  const of = projection.partitions ?? 1;
  if (!Number.isInteger(index) || index < 0 || index >= of)
    throw new Error(`Projection "${projection.name}" has no partition ${index} (it has ${of})`);
  if (of === 1) return { index, checkpoint: projection.name };
  return { index, checkpoint: `${projection.name}#${index}/${of}`, filter: { index, of } };
}

async function applyNextBatch(trx: Trx, projection: Projection, part: PartitionOf, batchSize: number): Promise<BatchResult> {
  const after = await readCheckpoint(trx, part.checkpoint);
  const options = { types: projection.handles, limit: batchSize, partition: part.filter };
  const context = { partition: part.index };
  let applied: number;
  let scannedTo: Position | null;
  let scanned: number;
  if (projection.handleLog) {
    const batch = await readCommittedPositions(trx, after, options);
    ({ scannedTo, scanned } = batch);
    applied = [...batch.positions.values()].reduce((n, list) => n + list.length, 0);
    if (applied > 0) await projection.handleLog(trx, batch, context);
  } else {
    const batch = await readCommittedAfter(trx, after, options);
    ({ scannedTo, scanned } = batch);
    applied = batch.events.length;
    if (applied > 0) await projection.handle(trx, batch.events, context);
  }
  if (!scannedTo) return { applied: 0, scanned: 0 };
  await trx
    .insertInto('projection_checkpoints')
    .values({ name: part.checkpoint, transaction_id: scannedTo.transactionId, global_position: scannedTo.globalPosition })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        transaction_id: scannedTo.transactionId,
        global_position: scannedTo.globalPosition,
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return { applied, scanned };
}

async function readCheckpoint(db: Db | Trx, name: string): Promise<Position> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['transaction_id', 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : START;
}

function lockKey(checkpoint: string) {
  return sql`hashtextextended(${`projection:${checkpoint}`}, 0)`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
