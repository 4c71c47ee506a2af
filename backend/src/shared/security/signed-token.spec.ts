import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.js';

const secret = 'a-test-secret-that-is-long-enough-000';
const now = Date.UTC(2026, 10, 22);

describe('signed tokens', () => {
  it('round-trips the payload for the same purpose', () => {
    const token = signToken(secret, 'unsubscribe', 'key-123', 3600, now);
    expect(verifyToken(secret, 'unsubscribe', token, now)).toBe('key-123');
  });

  it('refuses another purpose, another secret, a changed payload and an expired token', () => {
    const token = signToken(secret, 'unsubscribe', 'key-123', 3600, now);
    expect(verifyToken(secret, 'confirm', token, now)).toBeNull();
    expect(verifyToken(`${secret}x`, 'unsubscribe', token, now)).toBeNull();
    const [, expiry, signature] = token.split('.');
    expect(verifyToken(secret, 'unsubscribe', `${Buffer.from('key-999').toString('base64url')}.${expiry}.${signature}`, now)).toBeNull();
    expect(verifyToken(secret, 'unsubscribe', token, now + 3601_000)).toBeNull();
  });

  it.each(['', 'a.b', 'a.b.c.d', '...', 'x.notanumber.y'])('refuses the malformed token %j', (token) => {
    expect(verifyToken(secret, 'unsubscribe', token, now)).toBeNull();
  });
});
