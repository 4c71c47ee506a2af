import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // An app's own ROI figures (null: the app page shows the spec's).
  await sql`alter table apps add column roi_figures jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table apps drop column roi_figures`.execute(db);
}
