import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The e-mails the reactor owes, written in its batch transaction; id = '<event position>-<template>',
  // so replays and rebuilds never add one twice. Delivery moves status to sent, skipped or failed.
  await sql`
    create table email_outbox (
      id text primary key,
      template text not null,
      marketing boolean not null default false,
      recipient_key text not null,
      message jsonb not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz not null default now(),
      queued_at timestamptz,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index email_outbox_pending_idx on email_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create table email_unsubscribes (email_key text primary key, unsubscribed_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table email_unsubscribes`.execute(db);
  await sql`drop table email_outbox`.execute(db);
}
