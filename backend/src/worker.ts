/** The worker process: projections and e-mail delivery, no HTTP. Run as many as you like. */
import { getPriority, setPriority } from 'node:os';
import { configOrExit, unlessFolderInUse } from './bootstrap-config.js';
import { closeOnSignals, createWorkerApp } from './bootstrap.js';
import { createLogger } from './shared/logging/logger.js';
import { serveMetrics } from './shared/metrics/metrics.js';

const config = configOrExit();
if (!config.REDIS_URL) {
  console.error('REDIS_URL: the worker process needs Redis to be woken; without it, `npm start` runs the workers in-process.');
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
// Lower priority than the API on a shared machine: a burst of requests is answered first, the projections
// and e-mails catch up right after.
// (Only ever lowered: raising a priority takes privileges.)
if (config.WORKER_NICE > getPriority()) setPriority(config.WORKER_NICE);
closeOnSignals(await unlessFolderInUse(() => createWorkerApp(config, logger)), logger);
await serveMetrics(config);
logger.info('Unsheet worker is running');
