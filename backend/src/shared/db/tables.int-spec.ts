/**
 * The kysely table types (`shared/db/tables.ts` and each module's `*.tables.ts`, which augment `Tables`) are
 * written by hand beside the migrations: this test reads them with the TypeScript compiler and compares them
 * with the schema the migrations make, so that a drift between the two fails CI instead of a query at run
 * time. Compared: the tables, their columns, and whether each column may be null (the type kysely selects).
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';

type Schema = Record<string, Record<string, { nullable: boolean }>>;

const BACKEND = fileURLToPath(new URL('../../../', import.meta.url));
const TABLES_FILE = fileURLToPath(new URL('./tables.ts', import.meta.url));
/** kysely's own bookkeeping, which no query of ours reads. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** `Tables` as the compiler sees it with every module's augmentation. */
function declaredSchema(): Schema {
  const configPath = ts.findConfigFile(BACKEND, ts.sys.fileExists, 'tsconfig.json')!;
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TABLES_FILE)!;
  const tables = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((symbol) => symbol.name === 'Tables')!;
  const schema: Schema = {};
  for (const table of checker.getDeclaredTypeOfSymbol(tables).getProperties()) {
    const columns: Schema[string] = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      let type = checker.getTypeOfSymbol(column);
      // ColumnType<Select, Insert, Update> (and Generated<T>) carry the selected type in `__select__`.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbol(selected);
      const parts = type.isUnion() ? type.types : [type];
      columns[column.name] = { nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0) };
    }
    schema[table.name] = columns;
  }
  return schema;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function migratedSchema(): Promise<Schema> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(database.handle.db);
  const schema: Schema = {};
  for (const row of rows) {
    if (KYSELY_TABLES.has(row.table_name)) continue;
    (schema[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === 'YES' };
  }
  return schema;
}

describe('table types', () => {
  it('declare exactly the tables, columns and nullability the migrations make', async () => {
    const declared = declaredSchema();
    expect(Object.keys(declared).length).toBeGreaterThan(10);
    expect(declared).toEqual(await migratedSchema());
  }, 60_000);
});
