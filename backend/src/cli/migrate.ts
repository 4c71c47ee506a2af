/** `npm run migrate`: applies pending migrations (the API also does this at start-up). */
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { migrateToLatest } from '../shared/db/migrator.js';

const config = configOrExit();
const { db, close } = await openDatabaseOrExit(config, { migrate: false });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await close();
}
