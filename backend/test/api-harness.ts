/** Starts the real API (Nest, real PostgreSQL and Redis) on a free port against a fresh database. */
import type { INestApplication } from '@nestjs/common';
import { createApiApp } from '../src/bootstrap.js';
import type { Config } from '../src/shared/config/config.js';
import { bearer, createAdmin, recordRoutes } from './auth-helpers.js';
import { clearRedisPrefix, createTestDatabase, silentLogger, testConfig, type TestDatabase } from '../src/shared/testing/test-database.js';

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

export async function startApi(overrides: Record<string, string> = {}, database?: TestDatabase): Promise<ApiHarness> {
  const db = database ?? (await createTestDatabase({ migrate: false }));
  const config = testConfig({ DATABASE_URL: db.url, ...overrides });
  const app = await createApiApp(config, silentLogger);
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
