// `npm start`: builds the backend and the SPA if there is no build yet, then runs the API with its
// workers on PORT (3000). With no DATABASE_URL / REDIS_URL it uses the embedded defaults under .data/.
// `npm run dev` (`--dev`): the same, as the backend of the Vite dev server (`npm run dev -w frontend`, :5173):
// links in e-mails follow the visitor's address on this machine (LINKS_FOLLOW_VISITOR), so a link sent from
// :5173 opens :5173. Never in the product: there a request's Origin decides nothing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = new URL('../dist/backend/src/main.js', import.meta.url);
const spa = new URL('../../frontend/dist/index.html', import.meta.url);

if (process.argv.includes('--dev')) process.env.LINKS_FOLLOW_VISITOR ??= 'true';

if (!existsSync(main) || !existsSync(spa)) {
  console.log('No build yet: building Unsheet first (once)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(main.href);
