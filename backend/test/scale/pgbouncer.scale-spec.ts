/**
 * Behind PgBouncer in transaction mode, as most hosted PostgreSQL is offered: the scale-out run
 * (scale-out-scenario.ts) with the API and the three workers connected through it. Each transaction may run
 * on another server connection, so nothing may rely on a session: locks are transaction-scoped advisory
 * locks, no LISTEN, no prepared statement outlives its transaction, no SET outside one (docs/scaling.md).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/shared/db/database.js';
import { migrateToLatest } from '../../src/shared/db/migrator.js';
import { startPgBouncer, type PgBouncerProcess } from '../../src/shared/testing/pgbouncer-process.js';
import { createTestDatabase, TEST_POSTGRES_URL } from '../../src/shared/testing/test-database.js';
import { describeScaleOut } from '../scale-out-scenario.js';

let pgbouncer: PgBouncerProcess;

beforeAll(async () => {
  pgbouncer = await startPgBouncer(TEST_POSTGRES_URL);
});

afterAll(async () => {
  await pgbouncer?.stop();
});

describeScaleOut('an API and three workers through PgBouncer in transaction mode', () => ({
  url: (databaseUrl) => pgbouncer.through(databaseUrl),
  // Their transactions went through PgBouncer: far more than the handful a start-up makes.
  async checkUsed(database) {
    expect(await pgbouncer.transactionsOf(new URL(database.url).pathname.slice(1))).toBeGreaterThan(500);
  },
}));

describe('migrations through PgBouncer in transaction mode', () => {
  it('leave no lock behind when several processes migrate at once, again and again', async () => {
    const database = await createTestDatabase();
    const handles = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ url: pgbouncer.through(database.url), dataDir: '.data', migrate: false, poolSize: 3 }),
      ),
    );
    try {
      // A session-level lock taken on one server connection and released on another would stay held: the next
      // round would wait on it (for an hour, Kysely's own time-out).
      for (let round = 0; round < 5; round++) await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      const { rows } = await sql<{ held: number }>`select count(*)::int as held from pg_locks where locktype = 'advisory'`.execute(
        database.handle.db,
      );
      expect(rows[0]!.held).toBe(0);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  }, 60_000);
});
