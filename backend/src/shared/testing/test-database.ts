/**
 * Integration tests run on the real PostgreSQL and Redis (TEST_DATABASE_URL / DATABASE_URL, REDIS_URL;
 * defaulting to the local services). Each test file gets its own database, dropped afterwards, and its own
 * Redis key prefix, so runs never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import type { Db, Tables } from '../db/tables.js';
import type { Projection } from '../projections/projection.js';
import { checkpointNames } from '../projections/projection-runner.js';
import { eventually } from './eventually.js';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const silentLogger = pino({ level: 'silent' });

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A new database on the real PostgreSQL: migrated (a copy of the run's template database when there is one,
 * see template-database.ts), or empty with `migrate: false` for tests of what migrates it.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = uniqueName('unsheet_test');
  const template = options.migrate === false ? undefined : process.env.TEST_TEMPLATE_DATABASE;
  await createEmptyDatabase(name, template);
  const url = databaseUrl(name);
  const handle = await openDatabase({ url, dataDir: '.data', migrate: options.migrate !== false && !template });
  return {
    url,
    handle,
    async drop() {
      await handle.close().catch(() => {});
      await dropDatabase(name);
    },
  };
}

export async function createEmptyDatabase(name: string, template?: string): Promise<void> {
  await withAdminClient((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Configuration for a test process: real services, its own Redis prefix, quiet logs, no demo data. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: uniqueName('unsheet-test'),
    DEMO_CATALOGUE: 'false',
    LOG_LEVEL: 'silent',
    PROJECTION_POLL_MS: '200',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests send far more requests from one address than a visitor would; rate-limit tests set it to 1.
    RATE_LIMIT_FACTOR: '1000',
    ...overrides,
  });
}

/** Deletes every Redis key under a test's prefix. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits until an async projection has applied every event committed so far: no event lies beyond its
 * checkpoint in the catch-up order (transaction id, then global position).
 */
export async function projectionCaughtUp(db: Kysely<Tables>, name: string, timeoutMs = 10_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await sql<{ behind: boolean }>`
      select exists (
        select 1 from events e
        where not exists (
          select 1 from projection_checkpoints c
          where c.name = ${name} and (e.transaction_id, e.global_position) <= (c.transaction_id, c.global_position)
        )
      ) as behind`.execute(db);
      return !rows[0]!.behind;
    },
    { timeout: timeoutMs },
  );
}

/** True once every async projection's checkpoint is at the last event of the log. */
export async function projectionsCaughtUp(db: Db, projections: readonly Projection[]): Promise<boolean> {
  const head = await db
    .selectFrom('events')
    .select(['transaction_id', 'global_position'])
    .orderBy('transaction_id', 'desc')
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!head) return true;
  const names = projections.filter((p) => p.mode === 'async').flatMap((p) => checkpointNames(p));
  const checkpoints = await db.selectFrom('projection_checkpoints').select(['name', 'global_position']).execute();
  const at = new Map(checkpoints.map((c) => [c.name, c.global_position]));
  return names.every((name) => at.get(name) === head.global_position);
}
