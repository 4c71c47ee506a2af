/**
 * `npm run analytics:reclassify`: classifies every past analytics session again with the traffic rules
 * configured now (ANALYTICS_* variables, docs/analytics.md), by rebuilding the two projections that classify
 * (the visits and their rollups, the bot batches dropped before every batch was kept) from the event log. The
 * figures and the excluded traffic then read as if the rules had always been these. Data-centre networks are
 * the exception: they are decided at ingest from an address that is never stored.
 * In embedded mode (no DATABASE_URL) it refuses while the app runs: PGlite's data folder has one owner at a time.
 */
import { RECLASSIFIED_PROJECTIONS } from '../analytics/analytics.projections.js';
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { buildProjections } from '../projections.js';
import { ProjectionRunner } from '../shared/projections/projection-runner.js';

const config = configOrExit();
const { db, close } = await openDatabaseOrExit(config);
try {
  const runner = new ProjectionRunner(db, buildProjections(config), { batchSize: config.PROJECTION_BATCH_SIZE });
  for (const name of RECLASSIFIED_PROJECTIONS) {
    const started = Date.now();
    const replayed = await runner.rebuild(name);
    console.log(`${name}: reclassified from ${replayed} events in ${Date.now() - started} ms`);
  }
} finally {
  await close();
}
