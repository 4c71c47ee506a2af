/**
 * Ending every session of an account: its refresh tokens are revoked, so none refreshes and the guard
 * refuses their access tokens (sessions.ts). Plain functions on the caller's transaction, published to the
 * erasure of a person (privacy/erase-personal-data.ts), which ends their sessions with their data.
 */
import type { Db, Trx } from '../shared/db/tables.js';

/** Every session of the account (a password reset). */
export async function endAllSessions(db: Trx | Db, userId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every session of the account that uses this address key; erasure calls it before the address is masked. */
export async function endSessionsOfAddress(db: Trx | Db, emailKey: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', db.selectFrom('users').select('id').where('email_key', '=', emailKey))
    .execute();
}
