/** Password hashing: argon2id with the library's defaults (OWASP's recommended parameters). */
import { hash, verify } from '@node-rs/argon2';

// The library's `Algorithm.Argon2id` (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the e-mail is unknown, so that a wrong address costs the same time as a wrong password.
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    decoy ??= hashPassword('decoy password, never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
