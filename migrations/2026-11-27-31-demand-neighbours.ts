import { sql, type Kysely } from 'kysely';

const DEMAND_TABLES = [
  'demand_searches',
  'demand_suggestions',
  'demand_cores',
  'demand_similar',
  'demand_links',
  'demand_core_marks',
  'demand_quiz_matches',
  'demand_missing_pages',
  'demand_category_visits',
];

/**
 * The demand projection keeps each new core's few nearest cores (docs/demand-signals.md): a GiST trigram
 * index of the cores later cores look up (`indexed`, not a near-duplicate of many) answers "the nearest
 * cores" (`<->`, k-nearest-neighbour order), where the GIN index had to check every similar core. Searches
 * are counted per session, by session. The projection's tables are emptied and its checkpoint removed, so
 * it fills them again from the whole log under these rules on its next run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await replay(db);
  await sql`drop index demand_cores_trgm_idx`.execute(db);
  await sql`alter table demand_cores add column indexed boolean not null`.execute(db);
  await sql`create index demand_cores_trgm_idx on demand_cores using gist (core gist_trgm_ops) where indexed`.execute(db);
  await sql`create index demand_searches_session_idx on demand_searches (session_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replay(db);
  await sql`drop index demand_searches_session_idx`.execute(db);
  await sql`drop index demand_cores_trgm_idx`.execute(db);
  await sql`alter table demand_cores drop column indexed`.execute(db);
  await sql`create index demand_cores_trgm_idx on demand_cores using gin (core gin_trgm_ops)`.execute(db);
}

async function replay(db: Kysely<any>): Promise<void> {
  await sql`truncate ${sql.join(DEMAND_TABLES.map((table) => sql.table(table)))}`.execute(db);
  await sql`delete from projection_checkpoints where name = 'analytics-demand'`.execute(db);
}
