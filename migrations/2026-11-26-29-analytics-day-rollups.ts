import { sql, type Kysely } from 'kysely';

/**
 * The source and campaign rollups kept per UTC day as well as per 15-minute bucket (`fine`, as the return
 * pairs' `fine_p`/`fine_q`): a long range reads its whole UTC days from one row per value and day, so a
 * 30-day read touches about 30 rows per value however many buckets the value appears in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analytics_source_rollups add column fine boolean not null default true`.execute(db);
  await sql`alter table analytics_source_rollups alter column fine drop default`.execute(db);
  await sql`alter table analytics_source_rollups drop constraint analytics_source_rollups_pkey`.execute(db);
  await sql`alter table analytics_source_rollups add primary key (fine, bucket, traffic_type, source, shard)`.execute(db);

  await sql`alter table analytics_campaign_rollups add column fine boolean not null default true`.execute(db);
  await sql`alter table analytics_campaign_rollups alter column fine drop default`.execute(db);
  await dropUniqueConstraint(db, 'analytics_campaign_rollups');
  await sql`
    alter table analytics_campaign_rollups
    add unique nulls not distinct (fine, bucket, utm_source, utm_medium, utm_campaign, shard)`.execute(db);

  await fillDays(db);
}

/**
 * The day rows from the 15-minute rows, per shard, as the projection writes them: a day's row is the sum of
 * its buckets' rows, and a row at zero is not kept.
 */
async function fillDays(db: Kysely<any>): Promise<void> {
  const day = sql`date_bin(interval '1 day', bucket, timestamptz 'epoch')`;
  await sql`
    insert into analytics_source_rollups (fine, bucket, traffic_type, source, shard, sessions)
    select false, ${day}, traffic_type, source, shard, sum(sessions) from analytics_source_rollups where fine
    group by 2, 3, 4, 5 having sum(sessions) <> 0`.execute(db);
  await sql`
    insert into analytics_campaign_rollups (fine, bucket, utm_source, utm_medium, utm_campaign, shard, sessions)
    select false, ${day}, utm_source, utm_medium, utm_campaign, shard, sum(sessions) from analytics_campaign_rollups where fine
    group by 2, 3, 4, 5, 6 having sum(sessions) <> 0`.execute(db);
}

/** The table's one unique constraint, whose generated name PostgreSQL shortened. */
async function dropUniqueConstraint(db: Kysely<any>, table: string): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'u'`.execute(db);
  for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from analytics_source_rollups where not fine`.execute(db);
  await sql`alter table analytics_source_rollups drop column fine`.execute(db);
  await sql`alter table analytics_source_rollups add primary key (bucket, traffic_type, source, shard)`.execute(db);
  await sql`delete from analytics_campaign_rollups where not fine`.execute(db);
  await sql`alter table analytics_campaign_rollups drop column fine`.execute(db);
  await sql`
    alter table analytics_campaign_rollups
    add unique nulls not distinct (bucket, utm_source, utm_medium, utm_campaign, shard)`.execute(db);
}
