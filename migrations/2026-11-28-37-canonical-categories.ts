import { sql, type Kysely } from 'kysely';

/** The spec's category list (public spec §5), by the slug every spelling of each one has. */
const CANONICAL: readonly [slug: string, name: string][] = [
  ['productivity', 'Productivity'],
  ['marketing', 'Marketing'],
  ['sales', 'Sales'],
  ['analytics', 'Analytics'],
  ['customer-support', 'Customer Support'],
  ['finance', 'Finance'],
  ['hr-and-recruiting', 'HR & Recruiting'],
  ['other', 'Other'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // A category is one name: apps stored as `finance`, `other` or `hr and recruiting` (an import's rows, the
  // parsers' default) take the spec's spelling, as the `apps` projection now writes them. The events keep
  // what was sent; the projection gives the same names when it rebuilds.
  for (const [slug, name] of CANONICAL) {
    await sql`update apps set category = ${name} where category_slug = ${slug} and category <> ${name}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The spellings replaced are not kept (the events still hold them): nothing to undo.
}
