import { ConfigError, loadConfig, type Config } from './shared/config/config.js';

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
