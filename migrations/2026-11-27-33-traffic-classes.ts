import { sql, type Kysely } from 'kysely';

/**
 * Every tracker batch is kept and each session classified (docs/analytics.md, "Bots and other excluded
 * traffic"): the session row keeps the inputs its class is decided from that were not kept before (the
 * tracker's automation flag, the data-centre network), its class and the rule that decided it; the session's
 * facts, what it adds to the rollups, know its class too, and the sessions left out of the figures are counted
 * by class and rule per 15-minute bucket and per UTC day. Sessions recorded before were all counted as people
 * (bot batches were dropped then), which the defaults say; `npm run analytics:reclassify` applies the rules of
 * the day to them. The bot batches dropped before are counted by the class their user agent is in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table user_sessions
      add column automation boolean,
      add column network text,
      add column traffic_class text not null default 'person',
      add column traffic_rule text not null default 'default'`.execute(db);
  // The excluded sessions of a range's partial edges are read by start time.
  await sql`create index user_sessions_excluded_idx on user_sessions (start_time) where traffic_class <> 'person'`.execute(db);

  await sql`
    alter table analytics_session_facts
      add column traffic_class text not null default 'person',
      add column traffic_rule text not null default 'default',
      add column events integer not null default 0`.execute(db);

  await sql`
    create table analytics_excluded_rollups (
      fine boolean not null,
      bucket timestamptz not null,
      traffic_class text not null,
      traffic_rule text not null,
      shard smallint not null,
      sessions integer not null,
      events bigint not null,
      primary key (fine, bucket, traffic_class, traffic_rule, shard)
    )`.execute(db);

  await sql`
    alter table analytics_bot_drops
      add column traffic_class text not null default 'automation',
      add column traffic_rule text not null default 'user-agent:isbot'`.execute(db);
  await sql`alter table analytics_bot_drops drop constraint analytics_bot_drops_pkey`.execute(db);
  await sql`alter table analytics_bot_drops add primary key (day, traffic_class, traffic_rule)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table analytics_bot_drops drop constraint analytics_bot_drops_pkey`.execute(db);
  await sql`
    create table analytics_bot_drops_by_day as
    select day, sum(batches)::integer as batches, sum(events)::integer as events from analytics_bot_drops group by day`.execute(db);
  await sql`drop table analytics_bot_drops`.execute(db);
  await sql`alter table analytics_bot_drops_by_day rename to analytics_bot_drops`.execute(db);
  await sql`alter table analytics_bot_drops add primary key (day)`.execute(db);
  await sql`alter table analytics_bot_drops alter column batches set not null, alter column events set not null`.execute(db);
  await sql`drop table analytics_excluded_rollups`.execute(db);
  await sql`
    alter table analytics_session_facts drop column traffic_class, drop column traffic_rule, drop column events`.execute(db);
  await sql`drop index user_sessions_excluded_idx`.execute(db);
  await sql`
    alter table user_sessions drop column automation, drop column network, drop column traffic_class, drop column traffic_rule`.execute(db);
}
