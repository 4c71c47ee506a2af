/** The API process: HTTP under /api and the built SPA on one port; also runs the workers unless RUN_WORKERS=false. */
import { configOrExit } from './bootstrap-config.js';
import { closeOnSignals, createApiApp } from './bootstrap.js';
import { createLogger } from './shared/logging/logger.js';

const config = configOrExit();
const logger = createLogger(config.LOG_LEVEL);
const app = await createApiApp(config, logger);
closeOnSignals(app, logger);
await app.listen(config.PORT);
const mode = [
  config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`,
  config.REDIS_URL ? 'Redis wake-ups' : 'in-process wake-ups',
  config.RUN_WORKERS ? 'with workers' : 'API only',
].join(', ');
logger.info(`Unsheet is running on http://localhost:${config.PORT} (${mode})`);
