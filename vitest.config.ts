import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test` runs every project: pure unit tests, integration tests against the real PostgreSQL and
// Redis, HTTP end-to-end tests of the API, and browser tests in Debian's Chromium against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['backend/src/**/*.spec.ts', 'frontend/src/**/*.spec.ts', 'contracts/**/*.spec.ts', 'load-tests/**/*.spec.ts'],
          // k6's built-in modules, for the k6 scripts' test (k6 does not run here).
          alias: [{ find: /^k6(\/.*)?$/, replacement: fileURLToPath(new URL('load-tests/testing/k6-stub.js', import.meta.url)) }],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['backend/src/**/*.int-spec.ts', 'backend/test/**/*.e2e-spec.ts', 'load-tests/**/*.e2e-spec.ts'],
          // Every test database is a copy of one migrated template (backend/src/shared/testing/template-database.ts).
          globalSetup: ['backend/src/shared/testing/template-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['frontend/e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
