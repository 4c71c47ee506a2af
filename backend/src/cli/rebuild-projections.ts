/**
 * `npm run projections:rebuild -- <name|all>`: empties a projection's tables and replays it from the log.
 * In embedded mode (no DATABASE_URL) it refuses while the app runs: PGlite's data folder has one owner at a time.
 */
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { buildProjections } from '../projections.js';
import { ProjectionRunner } from '../shared/projections/projection-runner.js';

const config = configOrExit();
const projections = buildProjections(config);
const target = process.argv[2];
const known = projections.map((p) => p.name);
if (!target || (target !== 'all' && !known.includes(target))) {
  console.error(`Usage: npm run projections:rebuild -- <name|all>\nProjections: ${known.join(', ')}`);
  process.exit(2);
}

const { db, close } = await openDatabaseOrExit(config);
try {
  const runner = new ProjectionRunner(db, projections, { batchSize: config.PROJECTION_BATCH_SIZE });
  for (const name of target === 'all' ? known : [target]) {
    const started = Date.now();
    const replayed = await runner.rebuild(name);
    console.log(`${name}: replayed ${replayed} events in ${Date.now() - started} ms`);
  }
} finally {
  await close();
}
