/** The worker process: projections (and later e-mails) only, no HTTP. Run as many as you like. */
import { configOrExit } from './bootstrap-config.js';
import { closeOnSignals, createWorkerApp } from './bootstrap.js';
import { createLogger } from './shared/logging/logger.js';

const config = configOrExit();
if (!config.REDIS_URL) {
  console.error('REDIS_URL: the worker process needs Redis to be woken; without it, `npm start` runs the workers in-process.');
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
closeOnSignals(await createWorkerApp(config, logger), logger);
logger.info('Unsheet worker is running');
