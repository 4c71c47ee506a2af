/**
 * `npm run privacy:erase -- someone@example.com`: erases a person's e-mail address, name and messages from
 * every read model and masks them in the stored events (backend/src/privacy/erase-personal-data.ts).
 * Counts and metrics stay. Safe to run again (e.g. if a worker was projecting that person meanwhile).
 * In embedded mode (no DATABASE_URL) it refuses while the app runs: PGlite's data folder has one owner at a time.
 */
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { erasePersonalData } from '../privacy/erase-personal-data.js';
import { outboxFolder } from '../shared/paths.js';
import { buildProjections } from '../projections.js';
import { ProjectionRunner } from '../shared/projections/projection-runner.js';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run privacy:erase -- <email>');
  process.exit(2);
}

const config = configOrExit();
const { db, close } = await openDatabaseOrExit(config);
try {
  // Without SMTP the embedded mode keeps copies of sent e-mail as .eml files; those are searched too.
  const report = await erasePersonalData(db, email, {
    metadata: { operator: 'cli' },
    outboxDir: config.SMTP_URL ? undefined : outboxFolder(config.DATA_DIR),
    projections: new ProjectionRunner(db, buildProjections(config), { batchSize: config.PROJECTION_BATCH_SIZE }),
  });
  if (!report.erasureId) console.log('No personal data found for that address; nothing changed.');
  else {
    console.log(
      `Erased (erasure ${report.erasureId}): ${report.eventsMasked} events masked, ${report.rowsMasked} read-model rows masked, ${report.filesDeleted} e-mail files deleted; rebuilt from the masked log: ${report.projectionsRebuilt.join(', ') || 'nothing'}.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await close();
}
