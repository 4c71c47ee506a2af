/**
 * No secret reaches the client: every file of the built SPA (frontend/dist, what any visitor
 * can download) is searched for private keys, credentials in URLs, tokens, the server's configuration
 * names, the secrets of this machine (.env, the embedded mode's generated APP_SECRET) and the tests'
 * secret, and for server code that would carry them. Needs the build (npm test builds first).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../backend/src/shared/testing/test-database.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'frontend', 'dist');

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const PATTERNS: [string, RegExp][] = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['service account key', /"private_key"\s*:|"client_email"\s*:\s*"[^"]+\.iam\.gserviceaccount\.com"/],
  ['URL with credentials', /\b(?:postgres(?:ql)?|redis|rediss|smtps?|amqp|mongodb(?:\+srv)?):\/\/[^\s/:@"'`]+:[^\s/@"'`]+@/],
  ['JSON web token', /\beyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['password hash', /\$argon2id?\$v=\d+\$/],
  // Server-only settings: if their names are in the bundle, their values may be too.
  ['server setting name', /\b(?:APP_SECRET|DATABASE_URL|REDIS_URL|SMTP_URL|SEARCH_CONSOLE_CREDENTIALS|ADMIN_NOTIFY_EMAIL)\b/],
  ['server code', /@nestjs\/|node:crypto|require\("pg"\)|\bioredis\b|@node-rs\/argon2/],
];

/** The secrets this machine holds: a .env file's values and the embedded mode's generated APP_SECRET. */
function localSecrets(): string[] {
  const secrets = [testConfig().APP_SECRET!];
  const env = join(ROOT, '.env');
  if (existsSync(env)) {
    for (const line of readFileSync(env, 'utf8').split('\n')) {
      const value = /^\s*[A-Z_]+\s*=\s*(.*)$/
        .exec(line)?.[1]
        ?.trim()
        .replace(/^["']|["']$/g, '');
      if (value && value.length >= 12 && !/^(true|false|\d+)$/.test(value)) secrets.push(value);
    }
  }
  for (const dataDir of [join(ROOT, '.data'), join(ROOT, 'backend', '.data')]) {
    const generated = join(dataDir, 'app-secret');
    if (existsSync(generated)) secrets.push(readFileSync(generated, 'utf8').trim());
  }
  return secrets.filter((secret) => secret.length >= 12);
}

describe('the client bundle', () => {
  const built = files(DIST);

  it('is built', () => {
    expect(built.some((file) => /assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it.each(PATTERNS)('holds no %s', (_, pattern) => {
    const found = built.filter((file) => pattern.test(readFileSync(file, 'latin1')));
    expect(found.map((file) => file.slice(DIST.length))).toEqual([]);
  });

  it("holds none of this machine's secrets", () => {
    const secrets = localSecrets();
    expect(secrets.length).toBeGreaterThan(0);
    for (const file of built) {
      const content = readFileSync(file, 'latin1');
      for (const secret of secrets) expect(content.includes(secret), `${file.slice(DIST.length)} holds a secret`).toBe(false);
    }
  });
});
