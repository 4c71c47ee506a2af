/**
 * API_PROCESSES > 1: this process only supervises that many API processes (node:cluster), which share the
 * port, so one machine's API uses all of its cores (one Node process runs JavaScript on one). A process that
 * dies is replaced, unless it died before it ever listened (a start-up failure, which would only repeat):
 * then everything stops. SIGTERM / SIGINT stop them all cleanly, and a second signal stops them at once.
 * The configuration requires PostgreSQL for it (the embedded PGlite belongs to one process).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { announceFirstAdminLink } from './identity/first-admin-setup.js';
import type { Config } from './shared/config/config.js';
import { openDatabase } from './shared/db/database.js';
import { appSecret } from './shared/security/signed-token.js';

export function superviseApiProcesses(config: Config, logger: Logger): void {
  // Outside production the secret may be generated into DATA_DIR: once, here, not by each process at once.
  appSecret(config);
  let stopping = false;
  let exitCode = 0;
  /** Each running process, and whether it has listened yet. */
  const started = new Map<Worker, boolean>();
  const fork = () => started.set(cluster.fork(), false);
  for (let i = 0; i < config.API_PROCESSES; i++) fork();

  cluster.on('listening', (worker) => {
    started.set(worker, true);
    logger.info({ process: worker.process.pid }, 'an API process is listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    const listened = started.get(worker) ?? false;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(exitCode);
      return;
    }
    if (!listened) {
      logger.fatal({ process: worker.process.pid, code, signal }, 'an API process failed on start-up: stopping');
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    logger.error({ process: worker.process.pid, code, signal }, 'an API process died: starting another');
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: stopping ${started.size} API processes`);
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
    if (started.size === 0) process.exit(exitCode);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.once('listening', () => {
    logger.info(`Unsheet is running on http://localhost:${config.PORT} (${config.API_PROCESSES} API processes)`);
    void announceOnce(config, logger);
  });
}

/** The first administrator's setup link, printed once by the supervisor (the API processes print none). */
async function announceOnce(config: Config, logger: Logger): Promise<void> {
  try {
    // The API process that listened has migrated the database already.
    const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false, poolSize: 1 });
    try {
      await announceFirstAdminLink(handle.db, config, logger);
    } finally {
      await handle.close();
    }
  } catch (error) {
    logger.error({ err: error }, 'could not check for an administrator: run npm run admin:grant to create the first one');
  }
}
