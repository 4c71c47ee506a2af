import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The e-mails to the team and the administrator that visitors' forms cause, by time: the e-mail reactor
  // counts the last hour's against TEAM_EMAIL_HOURLY_LIMIT (backend/src/notifications/reactors/email.reactor.ts).
  await sql`
    create index email_outbox_team_notices on email_outbox (created_at)
    where template in ('suggestion-admin', 'question-team', 'developer-inquiry-team') and status <> 'skipped'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_outbox_team_notices`.execute(db);
}
