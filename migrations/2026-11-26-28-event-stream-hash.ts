import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The hash partitioned projections split the log by, kept with each event and in the catch-up index: a
  // partition's reader skips the other partitions' events from the index alone, without reading their rows.
  await sql`alter table events add column stream_hash bigint not null generated always as (hashtextextended(stream_id, 0)) stored`.execute(
    db,
  );
  await sql`drop index events_catch_up_idx`.execute(db);
  await sql`create index events_catch_up_idx on events (transaction_id, global_position) include (type, stream_hash)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_catch_up_idx`.execute(db);
  await sql`alter table events drop column stream_hash`.execute(db);
  await sql`create index events_catch_up_idx on events (transaction_id, global_position) include (type)`.execute(db);
}
