import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from '../../../../migrations/index.js';

/**
 * Applies every migration in `migrations/` that has not run yet, all in one transaction; used at start-up and
 * by `npm run migrate`. The migration lock is held for that transaction (see MigrationLockForTransaction).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const results = await db.transaction().execute(async (trx) => {
    // Before the Migrator creates its own tables: two processes migrating an empty database at once would
    // both create them, and the loser's transaction would end aborted.
    await lockMigrations(trx);
    const outcome = await new Migrator({ db: trx, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    // Thrown here, so the transaction rolls back with the migration's own error.
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome.results ?? [];
  });
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Kysely's own key for the migration lock: a process of an older build, locking it its way, still waits for ours. */
const MIGRATION_LOCK_ID = '3853314791062309107';

/**
 * Kysely's PostgreSQL adapter takes the migration lock as a session-level advisory lock and releases it with a
 * statement of its own. Behind a transaction-pooling proxy (PgBouncer's `pool_mode = transaction`, as most
 * hosted PostgreSQL is offered) a failed migration's release runs in an aborted transaction, and the lock
 * stays with a server connection the proxy hands to somebody else: the next start waits on it for an hour.
 * This adapter takes the same lock for the transaction migrateToLatest runs in, so the commit or the rollback
 * releases it, on whatever connection the proxy chose.
 */
export class MigrationLockForTransaction extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<any>): Promise<void> {
    await lockMigrations(db);
  }

  override async releaseMigrationLock(): Promise<void> {
    // Released with the transaction.
  }
}

/** The migration lock, held until the transaction ends. */
async function lockMigrations(trx: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)}::bigint)`.execute(trx);
}
