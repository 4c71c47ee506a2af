/**
 * A newcomer's first command is `npm install`: it should print what they need to know and nothing else. npm runs
 * on the machine's Node (20 or newer) while the project runs on the Node 22 its `node` dev dependency installs,
 * so the engine warnings of packages that want Node 22 are noise (`.npmrc` shows errors only); and every
 * dependency with an install script has been reviewed in package.json's `allowScripts`, so npm has no list of
 * skipped scripts to print.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

async function npm(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('npm', args, { cwd: root, env: { ...process.env, CI: 'true' }, timeout: 180_000 });
  return `${stdout}${stderr}`;
}

describe('npm install', () => {
  it('prints no warnings', { timeout: 200_000 }, async () => {
    const output = await npm('install', '--dry-run', '--no-audit', '--no-fund');
    expect(output.split('\n').filter((line) => /\b(warn|WARN|notice)\b/.test(line))).toEqual([]);
  });

  it('has reviewed every dependency that comes with an install script', { timeout: 200_000 }, async () => {
    expect((await npm('install-scripts', 'ls', '--loglevel=notice')).trim()).toBe('No packages with unreviewed install scripts.');
  });
});
