/**
 * Many rows in one INSERT … SELECT FROM unnest(…), one array parameter per column. The statement's text is
 * the same whatever the number of rows; a VALUES list has a parameter per cell, which PostgreSQL parses and
 * plans anew each time and the client serialises one by one. For a group of 200 joins that is half the
 * time of each INSERT (docs/performance.md).
 *
 *   await withRows(trx.insertInto('leads'), rows, LEAD_COLUMNS).execute()
 *
 * Rows come out in the arrays' order, so identity columns and RETURNING follow the rows as given.
 */
import { sql, type InsertQueryBuilder } from 'kysely';

/** Each column's PostgreSQL type (`text`, `uuid`, `jsonb`, `timestamptz`…), in the order the INSERT lists them. */
export type ColumnTypes<R> = { readonly [K in keyof R & string]: string };

/** The INSERT with these rows: its column list and its arrays from one `types`; `onConflict`, `returning` may follow. */
export function withRows<DB, TB extends keyof DB, O, R extends object>(
  insert: InsertQueryBuilder<DB, TB, O>,
  rows: readonly R[],
  types: ColumnTypes<R>,
): InsertQueryBuilder<DB, TB, O> {
  const columns = Object.keys(types) as (keyof R & string)[];
  const arrays = columns.map((column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(types[column])}[]`);
  return insert.columns(columns as never).expression(sql`select * from unnest(${sql.join(arrays)})`);
}
