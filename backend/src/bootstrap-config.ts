import { ConfigError, loadConfig, type Config } from './shared/config/config.js';
import { openDatabase, type DatabaseHandle } from './shared/db/database.js';
import { DataFolderInUseError } from './shared/db/folder-lock.js';

/** Reads the configuration, or says what is wrong with it and exits. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Runs `start`, or, when the embedded database's folder is held by another process (the app, another
 * command), says so and exits 1 without having opened it.
 */
export async function unlessFolderInUse<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A command's database (the commands in cli/), or the refusal of unlessFolderInUse. */
export function openDatabaseOrExit(config: Config, options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  return unlessFolderInUse(() => openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, ...options }));
}
