import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where nest-cli.json is), found from this file whether it runs compiled or from source. */
export const PROJECT_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (nest-cli.json)');
    dir = parent;
  }
  return dir;
})();

/**
 * The built SPA (`vite build`). FRONTEND_DIST overrides it with another copy of a build: the browser tests
 * of service-worker updates serve a copy in a temporary folder and change it while the server runs.
 */
export const FRONTEND_DIST = process.env.FRONTEND_DIST || join(PROJECT_ROOT, 'frontend', 'dist');

/** The server-rendering build of the SPA (`vite build --ssr`), see backend/src/site/spa-page.ts. */
export const FRONTEND_SSR_ENTRY = join(PROJECT_ROOT, 'frontend', 'dist-server', 'entry-server.js');

/** The inline script every page carries (`vite build --config vite.landing.config.ts`), see spa-page.ts. */
export const FRONTEND_LANDING_SCRIPT = join(PROJECT_ROOT, 'frontend', 'dist-landing', 'landing.js');

/**
 * Where the embedded mode writes e-mails (`.eml` files) when SMTP_URL is unset. The mail transport writes
 * there; the erasure of a person deletes the copies that mention them.
 */
export function outboxFolder(dataDir: string): string {
  return join(resolve(dataDir), 'outbox');
}
