/**
 * Each module reads and writes only its own tables; another module's data is asked for through a query it
 * publishes. The lint rules guard the imports; this test guards the SQL, which imports cannot show: a table
 * belongs to the module whose `*.tables.ts` declares it, and no other module's code names it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Modules allowed to touch every table, each with its reason. */
const READS_EVERYTHING: Record<string, string> = {
  // Erasing a person must reach every row that holds them, in one transaction (docs/security.md).
  privacy: 'erasure',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const isTestCode = (file: string) => /\.(spec|int-spec|property\.spec)\.ts$/.test(file) || file.split('/').includes('testing');

/** table name → owning module, from each module's `declare module … { interface Tables { … } }`. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of filesUnder(join(SRC, module.name)).filter((path) => path.endsWith('.tables.ts'))) {
      const declaration = /interface Tables \{([^}]*)\}/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      for (const [, table] of declaration.matchAll(/^\s*(\w+):/gm)) owners.set(table!, module.name);
    }
  }
  return owners;
}

/** The tables a piece of code names: the query builder's table arguments and SQL's from/join/into/update. */
export function tablesNamed(code: string): Set<string> {
  const named = new Set<string>();
  for (const [, table] of code.matchAll(
    /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(\w+)/g,
  ))
    named.add(table!);
  for (const [, table] of code.matchAll(/\b(?:from|join|into|update)\s+(\w+)\b/gi)) named.add(table!);
  return named;
}

describe('module tables', () => {
  const owners = tableOwners();

  it('finds the owner of every table', () => {
    expect(owners.get('leads')).toBe('early-access');
    expect(owners.get('apps')).toBe('catalogue');
    expect(owners.get('user_sessions')).toBe('analytics');
    expect(owners.size).toBeGreaterThan(20);
  });

  it('sees table names in the query builder and in SQL', () => {
    expect(tablesNamed(`db.selectFrom('leads').leftJoin('lead_sessions', 'x', 'y')`)).toEqual(new Set(['leads', 'lead_sessions']));
    expect(tablesNamed('sql`select a.category from app_interactions i join apps a on a.id = i.app_id`')).toEqual(
      new Set(['app_interactions', 'apps']),
    );
  });

  it("no module's code names another module's table", () => {
    const trespasses: string[] = [];
    for (const module of readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      if (module.name === 'shared' || module.name in READS_EVERYTHING) continue;
      for (const file of filesUnder(join(SRC, module.name)).filter((path) => !isTestCode(path))) {
        for (const table of tablesNamed(readFileSync(file, 'utf8'))) {
          const owner = owners.get(table);
          if (owner && owner !== module.name) trespasses.push(`${relative(SRC, file)} names ${table} (${owner}'s)`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });
});
