import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The log. transaction_id lets catch-up readers skip nothing when transactions commit out of order.
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      stream_id text not null,
      stream_version integer,
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      transaction_id xid8 not null default pg_current_xact_id(),
      created_at timestamptz not null default now(),
      constraint events_stream_version_key unique (stream_id, stream_version)
    )`.execute(db);
  // Catch-up reads walk this index. Stream reads use the unique (stream_id, stream_version) index; no
  // further index, so that the high-volume append path stays close to a bare INSERT.
  await sql`create index events_catch_up_idx on events (transaction_id, global_position) include (type)`.execute(db);

  await sql`
    create table projection_checkpoints (
      name text primary key,
      transaction_id xid8 not null,
      global_position bigint not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table projection_checkpoints`.execute(db);
  await sql`drop table events`.execute(db);
}
