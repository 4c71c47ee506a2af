import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The mailbox an e-mail reaches (emailKey of mailboxKey: no +tag, Gmail without dots), for the daily limit
  // per recipient: every spelling that lands in one inbox counts against one limit. Null in rows written before.
  await sql`alter table email_outbox add column mailbox_key text`.execute(db);
  await sql`drop index email_outbox_requested`.execute(db);
  await sql`create index email_outbox_requested on email_outbox (mailbox_key, created_at) where requested`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_outbox_requested`.execute(db);
  await sql`create index email_outbox_requested on email_outbox (recipient_key, created_at) where requested`.execute(db);
  await sql`alter table email_outbox drop column mailbox_key`.execute(db);
}
