/**
 * Opens the database: real PostgreSQL when DATABASE_URL is set, otherwise PGlite (PostgreSQL in
 * WebAssembly) in a data folder. Both give the same kysely handle, the same type parsing (int8 as a JS
 * number) and the same migrations, so no other code knows which one it talks to.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError } from './errors.js';
import { lockFolder } from './folder-lock.js';
import { MigrationLockForTransaction, migrateToLatest } from './migrator.js';
import type { Db } from './tables.js';

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL pool's connections (absent for PGlite, which has one): the metrics' unsheet_db_pool_*. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string;
  dataDir: string;
  poolSize?: number;
  migrate?: boolean;
  /** Told when a PostgreSQL connection breaks (it is dropped from the pool; nothing else to do). */
  onConnectionError?: (error: Error) => void;
}

const INT8_OID = 20;
/**
 * How long a query waits for a connection (a free one from the pool, or a new one from the server) before
 * it fails with DatabaseUnavailableError (503) instead of hanging while the database is out of reach.
 */
const CONNECTION_TIMEOUT_MS = 10_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.onConnectionError)
    : await openPglite(options.dataDir);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

function openPostgres(url: string, poolSize: number, onConnectionError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // Notices a server that vanished without closing the connection (host down, network cut).
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server closes (restart, terminated backend) must not crash the process: without a
  // listener, node-postgres throws its 'error' event. Idle, it leaves the pool (pg-pool's own listener);
  // in use, the query on it fails (503) and it is not given back to the pool. Either way the next query
  // opens a new connection.
  pool.on('connect', (client) => client.on('error', (error) => onConnectionError?.(error)));
  pool.on('error', () => {}); // already told through the client's listener
  const connect = () =>
    pool.connect().catch((error: unknown) => {
      throw new DatabaseUnavailableError(error);
    });
  const db = new Kysely({
    dialect: new PostgresDialectBehindPoolers({ pool: { Client: pg.Client, options: pool.options, connect, end: () => pool.end() } }),
  }) as Db;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/** node-postgres, with the migration lock that holds behind a transaction-pooling proxy (migrator.ts). */
class PostgresDialectBehindPoolers extends PostgresDialect {
  override createAdapter() {
    return new MigrationLockForTransaction();
  }
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = resolve(dataDir, 'pglite');
  mkdirSync(join(dir, '..'), { recursive: true });
  // Before PGlite reads a byte: a second process on the folder would lose writes (folder-lock.ts).
  const lock = lockFolder(dir);
  try {
    // pg_trgm groups the demand signals (migrations create the extension; PGlite must have it loaded to allow that).
    const pglite = await PGlite.create(dir, { parsers: { [INT8_OID]: Number }, extensions: { pg_trgm } });
    const db = new Kysely({ dialect: serialised(new PGliteDialect({ pglite })) }) as Db;
    const close = async () => {
      try {
        await db.destroy();
      } finally {
        lock.release();
      }
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite is a single connection, and kysely's PGlite driver hands that one connection to every caller at
 * once: a query issued while another caller's transaction is open would run inside it. Handing the
 * connection to one caller at a time restores the isolation the rest of the code assumes.
 */
function serialised(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      let queue: Promise<void> = Promise.resolve();
      let release = () => {};
      const serialisedDriver: Driver = {
        init: (...args) => driver.init(...args),
        destroy: () => driver.destroy(),
        beginTransaction: (...args) => driver.beginTransaction(...args),
        commitTransaction: (...args) => driver.commitTransaction(...args),
        rollbackTransaction: (...args) => driver.rollbackTransaction(...args),
        savepoint: driver.savepoint?.bind(driver),
        rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
        releaseSavepoint: driver.releaseSavepoint?.bind(driver),
        async acquireConnection(...args): Promise<DatabaseConnection> {
          const previous = queue;
          queue = new Promise<void>((resolveTurn) => (release = resolveTurn));
          await previous;
          return driver.acquireConnection(...args);
        },
        async releaseConnection(connection) {
          try {
            await driver.releaseConnection(connection);
          } finally {
            release();
          }
        },
      };
      return serialisedDriver;
    },
  };
}
