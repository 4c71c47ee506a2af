/**
 * given / then for projections, on a real database: events in, in the batches the projector would hand
 * over, rows out. The projection's tables are emptied first, each batch is handled in one transaction, and
 * the rows read back are compared as a set on the columns the expected rows name.
 *   const spec = ProjectionSpecification.for(leadsProjection, () => db);
 *   await spec.given([joinedA, joinedB], [deletedA]).expectRows('leads', [{ email: 'b@example.com' }]);
 * Events get log positions in order and a log time one second apart from EPOCH, unless they carry
 * `createdAt`. (`expectRows`, not `then`: an object with a `then` method would be taken for a promise.)
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/tables.js';
import type { Event, RecordedEvent } from '../event-store/events.js';
import type { Projection } from '../projections/projection.js';

export const EPOCH = new Date('2026-01-05T09:00:00.000Z');

type Given<E extends Event> = E & { createdAt?: Date; streamId?: string };
type Row = Record<string, unknown>;

export const ProjectionSpecification = {
  for<E extends Event>(projection: Projection<E>, db: () => Db) {
    return {
      given(...batches: Given<E>[][]) {
        const applied = apply(projection, db(), batches);
        return {
          /** The rows of `table` (only the columns `expected` names), in any order. */
          async expectRows(table: string, expected: Row[]): Promise<void> {
            await applied;
            const columns = expected.length > 0 ? Object.keys(expected[0]!) : ['*'];
            expect(sortRows(await rowsOf(db(), table, columns))).toEqual(sortRows(expected));
          },
          /** Every row of each of the projection's tables, for comparing two ways of feeding the same events. */
          async tables(): Promise<Record<string, Row[]>> {
            await applied;
            const tables: Record<string, Row[]> = {};
            for (const table of projection.tables) tables[table] = sortRows(await rowsOf(db(), table, ['*']));
            return tables;
          },
        };
      },
    };
  },
};

async function apply<E extends Event>(projection: Projection<E>, db: Db, batches: Given<E>[][]): Promise<void> {
  await sql`truncate ${sql.join(projection.tables.map((table) => sql.table(table)))}`.execute(db);
  let position = 0;
  for (const batch of batches) {
    const recorded = batch.map(({ createdAt, streamId, ...event }) => {
      position += 1;
      return {
        ...event,
        metadata: event.metadata ?? {},
        globalPosition: position,
        streamId: streamId ?? `spec-${position}`,
        streamVersion: null,
        transactionId: String(position),
        createdAt: createdAt ?? new Date(EPOCH.getTime() + position * 1000),
      } as unknown as RecordedEvent<E>;
    });
    await db.transaction().execute((trx) => projection.handle(trx, recorded, { partition: 0 }));
  }
}

async function rowsOf(db: Db, table: string, columns: string[]): Promise<Row[]> {
  const selected = columns[0] === '*' ? sql`*` : sql.join(columns.map((column) => sql.ref(column)));
  const { rows } = await sql<Row>`select ${selected} from ${sql.table(table)}`.execute(db);
  return rows;
}

function sortRows(rows: Row[]): Row[] {
  const key = (row: Row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
}
