import { sql } from 'kysely';
import type { Db } from '../db/tables.js';
import type { Projection } from '../projections/projection.js';

/** A simple async projection for tests and the benchmark: counts events per type, one write per type per batch. */
export function countingProjection(name: string, handles: string[], table = `${name}_counts`): Projection {
  return {
    name,
    mode: 'async',
    handles,
    tables: [table],
    async handle(trx, events) {
      const counts = new Map<string, number>();
      for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      for (const [type, n] of counts) {
        await sql`insert into ${sql.table(table)} (type, n) values (${type}, ${n})
                  on conflict (type) do update set n = ${sql.table(table)}.n + excluded.n`.execute(trx);
      }
    },
  };
}

export async function createCountsTable(db: Db, table: string): Promise<void> {
  await sql`create table ${sql.table(table)} (type text primary key, n integer not null)`.execute(db);
}

export async function readCounts(db: Db, table: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ type: string; n: number }>`select type, n from ${sql.table(table)} order by type`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}
