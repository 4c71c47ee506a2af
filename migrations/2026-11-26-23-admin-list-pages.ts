import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The admin's lists answer a page at a time (docs/architecture.md, "Admin lists"): each is read in its
  // order from an index, so a page costs the rows it shows plus the offset, not a sort of the whole table.
  // The leads' order is also the export's keyset.
  await sql`create index leads_listed_idx on leads (created_at desc, waitlist_position desc)`.execute(db);
  await sql`drop index leads_created_idx`.execute(db);
  await sql`create index suggestions_listed_idx on suggestions (created_at desc, id)`.execute(db);
  await sql`create index quick_questions_listed_idx on quick_questions (created_at desc, id)`.execute(db);
  await sql`create index developer_inquiries_listed_idx on developer_inquiries (created_at desc, id)`.execute(db);
  await sql`create index apps_by_name_idx on apps (name, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index apps_by_name_idx`.execute(db);
  await sql`drop index developer_inquiries_listed_idx`.execute(db);
  await sql`drop index quick_questions_listed_idx`.execute(db);
  await sql`drop index suggestions_listed_idx`.execute(db);
  await sql`create index leads_created_idx on leads (created_at)`.execute(db);
  await sql`drop index leads_listed_idx`.execute(db);
}
