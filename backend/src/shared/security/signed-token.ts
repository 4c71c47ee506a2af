/**
 * Stateless tokens for links in e-mails (confirm an account, unsubscribe): `<payload>.<expiry>.<hmac>`,
 * signed with APP_SECRET and bound to a purpose, so no secret ever has to be stored in the event log.
 * Whether a token may be used once only is up to its user (e.g. confirmation checks the account state).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config/config.js';

export function signToken(secret: string, purpose: string, payload: string, ttlSeconds: number, now = Date.now()): string {
  const body = `${Buffer.from(payload).toString('base64url')}.${Math.floor(now / 1000) + ttlSeconds}`;
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload, or null when the token is malformed, forged, for another purpose or expired. */
export function verifyToken(secret: string, purpose: string, token: string, now = Date.now()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [payload, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, purpose, `${payload}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 < now) return null;
  return Buffer.from(payload, 'base64url').toString();
}

function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}

/**
 * APP_SECRET, or (outside production, where the configuration requires it) a random secret kept in
 * DATA_DIR so that links stay valid across restarts of the embedded app.
 */
export function appSecret(config: Pick<Config, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = join(resolve(config.DATA_DIR), 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
