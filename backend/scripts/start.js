// `npm start`: builds the backend and the SPA if there is no build yet, then runs the API with its
// workers on PORT (3000). With no DATABASE_URL / REDIS_URL it uses the embedded defaults under .data/.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = new URL('../dist/backend/src/main.js', import.meta.url);
const spa = new URL('../../frontend/dist/index.html', import.meta.url);

if (!existsSync(main) || !existsSync(spa)) {
  console.log('No build yet: building Unsheet first (once)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(main.href);
