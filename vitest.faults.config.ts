import { defineConfig } from 'vitest/config';

// `npm run test:faults` (also run by `.ci/run` after `npm test`): real API and worker processes killed, a
// Redis of the tests' own stopped, database connections ended (backend/test/faults). They run one file
// at a time, since each starts several processes, and take a few minutes, so `npm test` leaves them out.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['backend/test/faults/**/*.fault-spec.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
