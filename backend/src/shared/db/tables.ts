/**
 * The kysely table map. The kernel declares its own tables here; each feature module adds its read-model
 * tables by augmenting `Tables` from its own `*.tables.ts` file, so the kernel never imports a feature.
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

export interface EventsTable {
  global_position: Generated<number>;
  stream_id: string;
  /** Null for streams appended without a version check (high-volume analytics). */
  stream_version: number | null;
  type: string;
  data: ColumnType<unknown, string, string>;
  metadata: ColumnType<Record<string, unknown>, string, string>;
  /** hashtextextended(stream_id, 0), computed by the database: what partitioned projections split the log by. */
  stream_hash: ColumnType<string, never, never>;
  transaction_id: Generated<string>;
  created_at: Generated<Date>;
}

export interface ProjectionCheckpointsTable {
  name: string;
  transaction_id: string;
  global_position: number;
  updated_at: Generated<Date>;
}

export interface Tables {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
}

export type Db = Kysely<Tables>;
export type Trx = Transaction<Tables>;
