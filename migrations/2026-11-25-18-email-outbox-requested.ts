import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // An e-mail to an address someone typed into a public form (a sign-up, a question, joining the list): at
  // most EMAIL_DAILY_LIMIT_PER_RECIPIENT of them go to one recipient a day, whoever fills the forms. The
  // index serves the e-mail reactor's count of a recipient's last 24 hours.
  await sql`alter table email_outbox add column requested boolean not null default false`.execute(db);
  await sql`create index email_outbox_requested on email_outbox (recipient_key, created_at) where requested`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_outbox_requested`.execute(db);
  await sql`alter table email_outbox drop column requested`.execute(db);
}
