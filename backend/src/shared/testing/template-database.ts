/**
 * A migrated template database for one test run (vitest's globalSetup): every test database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`), which PostgreSQL makes by copying files, instead of running every migration
 * again for each test file. Its name reaches the test workers through TEST_TEMPLATE_DATABASE; without it
 * (a test file run by some other runner, the benchmark) each database is migrated as before.
 */
import { openDatabase } from '../db/database.js';
import { createEmptyDatabase, databaseUrl, dropDatabase, uniqueName } from './test-database.js';

export default async function setup(): Promise<() => Promise<void>> {
  const name = uniqueName('unsheet_template');
  await createEmptyDatabase(name);
  const handle = await openDatabase({ url: databaseUrl(name), dataDir: '.data' });
  // No connection may stay open on a template while it is copied.
  await handle.close();
  process.env.TEST_TEMPLATE_DATABASE = name;
  return async () => {
    delete process.env.TEST_TEMPLATE_DATABASE;
    await dropDatabase(name);
  };
}
