/** Starts the real API (Nest, real PostgreSQL and Redis) on a free port against a fresh database. */
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { createApiApp } from '../src/bootstrap.js';
import type { Config } from '../src/shared/config/config.js';
import { bearer, createAdmin, recordRoutes } from './auth-helpers.js';
import { buildProjections } from '../src/projections.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  projectionsCaughtUp,
  silentLogger,
  testConfig,
  type TestDatabase,
} from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';

export interface ApiHarness {
  app: INestApplication;
  config: Config;
  database: TestDatabase;
  url(path: string): string;
  /** Sent with every `get`; `signInAsAdmin` adds an administrator's access token. */
  headers: Record<string, string>;
  get(path: string): Promise<{ status: number; body: any; headers: Headers }>;
  /** Creates an administrator and sends its token from now on (admin routes answer 401 without one). */
  signInAsAdmin(): Promise<void>;
  close(): Promise<void>;
}

/** The API on a database of its own (or `database`); `logger` to read what it logs (silent by default). */
export async function startApi(
  overrides: Record<string, string> = {},
  database?: TestDatabase,
  logger: Logger = silentLogger,
): Promise<ApiHarness> {
  const db = database ?? (await createTestDatabase({ migrate: false }));
  const config = testConfig({ DATABASE_URL: db.url, ...overrides });
  const app = await createApiApp(config, logger);
  recordRoutes(app);
  await app.listen(0, '127.0.0.1');
  const base = await app.getUrl();
  const url = (path: string) => `${base.replace('[::1]', '127.0.0.1')}${path}`;
  const harness: ApiHarness = {
    app,
    config,
    database: db,
    url,
    headers: {},
    async get(path) {
      const response = await fetch(url(path), { headers: harness.headers });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body, headers: response.headers };
    },
    async signInAsAdmin() {
      Object.assign(harness.headers, bearer(await createAdmin(harness)));
    },
    async close() {
      await app.close();
      await clearRedisPrefix(config.REDIS_PREFIX);
      if (!database) await db.drop();
    },
  };
  return harness;
}

/**
 * Waits until nothing is left to happen: every async projection has applied the whole log and no e-mail is
 * owed (none pending or queued). Tests that assert that something did not happen (no second e-mail, no
 * duplicate row) wait for this instead of a fixed time: anything late would have happened by then.
 * Takes the harness, or the database and configuration of API and worker processes started some other way.
 */
export async function settled(api: Pick<ApiHarness, 'database' | 'config'>, timeoutMs = 15_000): Promise<void> {
  const db = api.database.handle.db;
  const projections = buildProjections(api.config);
  await eventually(
    async () => {
      if (!(await projectionsCaughtUp(db, projections))) return false;
      const owed = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').limit(1).executeTakeFirst();
      return owed === undefined;
    },
    { timeout: timeoutMs },
  );
}
