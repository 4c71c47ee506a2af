/** `npm run migrate`: applies pending migrations (the API also does this at start-up). */
import { configOrExit } from '../bootstrap-config.js';
import { openDatabase } from '../shared/db/database.js';
import { migrateToLatest } from '../shared/db/migrator.js';

const config = configOrExit();
const { db, close } = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await close();
}
