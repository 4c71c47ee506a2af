import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The relay takes the oldest e-mails not yet queued (email-dispatcher.ts). Its index covered every pending
  // e-mail, queued or not, so with a backlog of queued ones (a burst of joins, sent a moment later) each
  // pass walked the whole backlog: 36 ms a pass during the benchmark's bursts. Only the unqueued now.
  await sql`drop index email_outbox_relay_idx`.execute(db);
  await sql`create index email_outbox_unqueued_idx on email_outbox (created_at) where status = 'pending' and queued_at is null`.execute(db);
  // The message (3–4 KB of HTML and text) was compressed into the row, and each of the row's three updates
  // (queued, claimed, sent) copied it again. Out of line and uncompressed, an update copies a pointer.
  await sql`alter table email_outbox alter column message set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table email_outbox alter column message set storage extended`.execute(db);
  await sql`drop index email_outbox_unqueued_idx`.execute(db);
  await sql`create index email_outbox_relay_idx on email_outbox (created_at) where status = 'pending'`.execute(db);
}
