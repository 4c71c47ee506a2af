/**
 * Many rows in one INSERT … SELECT FROM unnest(…), one array parameter per column. The statement's text is
 * the same whatever the number of rows; a VALUES list has a parameter per cell, which PostgreSQL parses and
 * plans anew each time and the client serialises one by one. For a group of 200 joins that is half the
 * time of each INSERT (docs/performance.md, session 8).
 *
 *   trx.insertInto('leads').columns(columnsOf(LEAD_TYPES)).expression(unnest(rows, LEAD_TYPES))
 *
 * Rows come out in the arrays' order, so identity columns and RETURNING follow the rows as given.
 */
import { sql, type RawBuilder } from 'kysely';

/** Each column's PostgreSQL type (`text`, `uuid`, `jsonb`, `timestamptz`…), in the order the INSERT lists them. */
export type ColumnTypes<R> = { readonly [K in keyof R & string]: string };

export function unnest<R extends object>(rows: readonly R[], types: ColumnTypes<R>): RawBuilder<R> {
  const columns = columnsOf(types);
  const arrays = columns.map((column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(types[column])}[]`);
  return sql<R>`select * from unnest(${sql.join(arrays)})`;
}

/** The column list that goes with `unnest(rows, types)`. */
export function columnsOf<R extends object>(types: ColumnTypes<R>): (keyof R & string)[] {
  return Object.keys(types) as (keyof R & string)[];
}
