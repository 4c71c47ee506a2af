/**
 * The API process: HTTP under /api and the built SPA on one port; also runs the workers unless RUN_WORKERS=false.
 * With API_PROCESSES > 1, this process supervises that many of them instead (api-cluster.ts).
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { superviseApiProcesses } from './api-cluster.js';
import { configOrExit, unlessFolderInUse } from './bootstrap-config.js';
import { closeOnSignals, createApiApp } from './bootstrap.js';
import { announceFirstAdminLink } from './identity/first-admin-setup.js';
import type { Db } from './shared/db/tables.js';
import { DB } from './shared/kernel.module.js';
import { createLogger } from './shared/logging/logger.js';
import { serveClusterMetrics, serveMetrics } from './shared/metrics/metrics.js';
import { outboxFolder } from './shared/paths.js';
import { warmUp } from './site/warm-up.js';

const config = configOrExit();
const logger = createLogger(config.LOG_LEVEL);
if (config.API_PROCESSES > 1 && cluster.isPrimary) {
  superviseApiProcesses(config, logger);
  await serveClusterMetrics(config);
} else {
  // In embedded mode, a command holding the data folder (admin:grant, migrate, …) stops the start with its reason.
  const app = await unlessFolderInUse(() => createApiApp(config, logger));
  // Under the supervisor, Ctrl-C reaches every process of the group: each waits for the supervisor's SIGTERM.
  closeOnSignals(app, logger, cluster.isWorker ? ['SIGTERM'] : ['SIGTERM', 'SIGINT']);
  if (cluster.isWorker) process.on('SIGINT', () => {});
  await app.init();
  await warmUp(app.getHttpAdapter().getInstance() as FastifyInstance, config.PORT, logger);
  await app.listen(config.PORT);
  await serveMetrics(config);
  if (cluster.isPrimary) {
    const mode = [
      config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`,
      config.REDIS_URL ? 'Redis wake-ups' : 'in-process wake-ups',
      config.RUN_WORKERS ? 'with workers' : 'API only',
    ].join(', ');
    logger.info(`Unsheet is running on http://localhost:${config.PORT} (${mode})`);
    if (config.METRICS_PORT !== undefined) logger.info(`Metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
    if (!config.SMTP_URL) logger.info(`E-mails are written to ${outboxFolder(config.DATA_DIR)} as .eml files (set SMTP_URL to send them).`);
    // A fresh install: the operator creates the first administrator in the browser.
    await announceFirstAdminLink(app.get<Db>(DB), config, logger);
  }
}
