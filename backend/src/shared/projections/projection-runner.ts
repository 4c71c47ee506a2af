/**
 * Runs async projections: reads the log after a projection's checkpoint and commits the projection's
 * changes together with the new checkpoint, so a lost, repeated or concurrent wake-up never loses or
 * doubles an event. A transaction-scoped advisory lock keeps one runner per projection at a time, across
 * processes. Also rebuilds any projection from the log.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../db/tables.js';
import { readAllCommitted, readCommittedAfter, START, type Position } from '../event-store/event-store.js';
import type { Projection } from './projection.js';

export interface RunnerOptions {
  batchSize: number;
  onError?: (projection: string, error: unknown) => void;
}

export class ProjectionRunner {
  private readonly byName: Map<string, Projection>;
  private readonly running = new Map<string, Promise<number>>();
  private readonly requestedAgain = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
    if (this.byName.size !== projections.length) throw new Error('Projection names must be unique');
  }

  get asyncProjections(): Projection[] {
    return this.projections.filter((p) => p.mode === 'async');
  }

  /** Names of the async projections that handle any of these event types. */
  namesHandling(types: readonly string[]): string[] {
    return this.asyncProjections.filter((p) => p.handles.some((t) => types.includes(t))).map((p) => p.name);
  }

  /**
   * Processes batches until the projection has caught up. Calls made while it runs in this process are
   * folded into one more pass, so no wake-up is lost and none starts a second loop.
   */
  catchUp(name: string): Promise<number> {
    const current = this.running.get(name);
    if (current) {
      this.requestedAgain.add(name);
      return current;
    }
    const run = this.drainWhileRequested(name).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  async catchUpAll(): Promise<void> {
    await Promise.all(this.asyncProjections.map((p) => this.catchUp(p.name).catch((error) => this.options.onError?.(p.name, error))));
  }

  /**
   * One batch in one transaction: lock, read the checkpoint, read the window after it, apply the events
   * the projection handles, move the checkpoint to the window's end. Returns 'busy' when another runner
   * holds the projection.
   */
  async processBatch(name: string): Promise<BatchResult | 'busy'> {
    const projection = this.get(name);
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lockKey(name)}) as locked`.execute(trx);
      if (!rows[0]?.locked) return 'busy';
      return applyNextBatch(trx, projection, this.options.batchSize);
    });
  }

  async checkpoint(name: string): Promise<Position> {
    return readCheckpoint(this.db, name);
  }

  /**
   * Empties a projection's tables and replays the log into them, in one transaction: readers see the old
   * read model until the new one is complete. Returns the number of events replayed.
   */
  async rebuild(name: string): Promise<number> {
    const projection = this.get(name);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey(name)})`.execute(trx);
      // TRUNCATE locks the tables, so an inline append either committed before (and is replayed) or
      // waits and applies its change to the rebuilt tables afterwards.
      for (const table of projection.tables) await sql`truncate table ${sql.table(table)}`.execute(trx);
      if (projection.mode === 'inline') {
        const events = await readAllCommitted(trx, projection.handles);
        for (let i = 0; i < events.length; i += this.options.batchSize) {
          await projection.handle(trx, events.slice(i, i + this.options.batchSize));
        }
        return events.length;
      }
      await trx.deleteFrom('projection_checkpoints').where('name', '=', name).execute();
      let total = 0;
      for (;;) {
        const { applied, scanned } = await applyNextBatch(trx, projection, this.options.batchSize);
        total += applied;
        if (scanned < this.options.batchSize) return total;
      }
    });
  }

  private async drainWhileRequested(name: string): Promise<number> {
    let total = 0;
    do {
      this.requestedAgain.delete(name);
      for (;;) {
        const batch = await this.processBatch(name);
        if (batch === 'busy') return total;
        total += batch.applied;
        if (batch.scanned < this.options.batchSize) break;
      }
    } while (this.requestedAgain.has(name));
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
  /** Positions the batch moved over, handled or not: fewer than the batch size means caught up. */
  scanned: number;
}

async function applyNextBatch(trx: Trx, projection: Projection, batchSize: number): Promise<BatchResult> {
  const after = await readCheckpoint(trx, projection.name);
  const { events, scannedTo, scanned } = await readCommittedAfter(trx, after, {
    types: projection.handles,
    limit: batchSize,
  });
  if (!scannedTo) return { applied: 0, scanned: 0 };
  if (events.length > 0) await projection.handle(trx, events);
  await trx
    .insertInto('projection_checkpoints')
    .values({ name: projection.name, transaction_id: scannedTo.transactionId, global_position: scannedTo.globalPosition })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        transaction_id: scannedTo.transactionId,
        global_position: scannedTo.globalPosition,
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return { applied: events.length, scanned };
}

async function readCheckpoint(db: Db | Trx, name: string): Promise<Position> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['transaction_id', 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : START;
}

function lockKey(name: string) {
  return sql`hashtextextended(${`projection:${name}`}, 0)`;
}
