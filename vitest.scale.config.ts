import { defineConfig } from 'vitest/config';

// `npm run test:scale` (also run by `.ci/run` after `npm test`): Unsheet on the engines an operator reaches for
// past one machine, each started by its test on loopback ports (PgBouncer in transaction mode, a Redis Cluster: backend/test/scale,
// docs/scaling.md). One file at a time: each starts an API and several workers.
export default defineConfig({
  test: {
    name: 'scale',
    include: ['backend/test/scale/**/*.scale-spec.ts'],
    globalSetup: ['backend/src/shared/testing/template-database.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
