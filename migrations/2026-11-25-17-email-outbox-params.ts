import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The reactor wrote each e-mail rendered (3–4 KB of HTML and text), which was most of the database's cost
  // of an e-mail: writing it, then reading it back to send. Now it writes the template's inputs (a few hundred
  // bytes) and the sender renders them (email-sender.ts). `message` keeps the envelope; rows written before
  // hold their rendered content there and no params, and are sent as they are.
  await sql`alter table email_outbox add column params jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table email_outbox drop column params`.execute(db);
}
