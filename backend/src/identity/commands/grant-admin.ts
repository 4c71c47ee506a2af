/**
 * The operator's way to make an administrator (`npm run admin:grant -- someone@example.com [--password x]`):
 * signing up never does. Only an account whose owner confirmed the address is granted the role: anyone can
 * sign up with any address, and an unconfirmed account may be a stranger's. With a password, the operator
 * creates the account confirmed (the first administrator), or replaces a registration nobody confirmed.
 * `--revoke` takes the role back; it applies to the account's next request.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Trx } from '../../shared/db/tables.js';
import { voidFirstAdminLinks } from '../first-admin-setup.js';
import { DomainError } from '../../shared/errors/domain-error.js';
import type { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { emailKey } from '../../shared/validation/email.js';
import { defaultDisplayName, signUpRequestSchema } from '../../../../contracts/identity/forms.js';
import { hashPassword } from '../passwords.js';
import { decideForUser } from '../user-stream.js';
import { userStream, type EmailConfirmed, type RoleGranted, type RoleRevoked, type UserRegistered } from '../user.events.js';
import { emailSchema } from '../../../../contracts/form-fields.js';

export type GrantAdminOutcome = 'granted' | 'created' | 'already-admin' | 'revoked' | 'not-admin';

export class GrantAdminError extends Error {}

export const UNCONFIRMED_ACCOUNT =
  "This account has not confirmed its address: it may not be its owner's. Ask them to follow the confirmation link first, or pass --password to create the account yourself.";

export async function grantAdmin(
  db: Db,
  events: EventStore,
  request: { email: string; password?: string; revoke?: boolean },
): Promise<GrantAdminOutcome> {
  const email = emailSchema.safeParse(request.email);
  if (!email.success) throw new GrantAdminError(email.error.issues[0]!.message);
  if (request.revoke && request.password !== undefined) throw new GrantAdminError('--revoke takes no --password.');
  const user = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email_confirmed_at', 'profiles.role'])
    .where('email_key', '=', emailKey(email.data))
    .executeTakeFirst();
  const granted = (userId: string): RoleGranted => ({ type: 'RoleGranted', data: { userId, role: 'admin', grantedBy: 'operator' } });

  if (request.revoke) {
    if (!user) throw new GrantAdminError('No account uses this address.');
    if (user.role !== 'admin') return 'not-admin';
    const revoked: RoleRevoked = { type: 'RoleRevoked', data: { userId: user.id, role: 'admin', revokedBy: 'operator' } };
    await events.append(userStream(user.id), [revoked], 'any');
    return 'revoked';
  }

  if (user && request.password === undefined) {
    if (!user.email_confirmed_at) throw new GrantAdminError(UNCONFIRMED_ACCOUNT);
    if (user.role === 'admin') return 'already-admin';
    await events.append(userStream(user.id), [granted(user.id)], 'any');
    await voidFirstAdminLinks(db);
    return 'granted';
  }
  if (request.password === undefined) {
    throw new GrantAdminError('No account uses this address. Ask them to sign up first, or pass --password to create it.');
  }

  const input = signUpRequestSchema.safeParse({ email: email.data, password: request.password });
  if (!input.success) throw new GrantAdminError(input.error.issues[0]!.message);
  const passwordHash = await hashPassword(request.password);
  const { recorded } = await db
    .transaction()
    .execute((trx) => createAdminAccount(trx, events, email.data, passwordHash))
    .catch((error: unknown) => {
      throw error instanceof DomainError ? new GrantAdminError(error.message) : error;
    });
  events.published(recorded);
  await voidFirstAdminLinks(db);
  return 'created';
}

/**
 * An administrator account with this address and password, confirmed, in the caller's transaction (the
 * caller publishes the events): a new account, or one whose registration nobody confirmed, replaced. A
 * confirmed account keeps its owner's password: the decider refuses (DomainError). Used by `admin:grant
 * --password` and by the first administrator's setup link.
 */
export async function createAdminAccount(
  trx: Trx,
  events: EventStore,
  email: string,
  passwordHash: string,
): Promise<{ userId: string; recorded: RecordedEvent[] }> {
  const now = new Date();
  const displayName = defaultDisplayName(email);
  const granted = (userId: string): RoleGranted => ({ type: 'RoleGranted', data: { userId, role: 'admin', grantedBy: 'operator' } });
  const user = await trx.selectFrom('users').select('id').where('email_key', '=', emailKey(email)).forUpdate().executeTakeFirst();
  if (user) {
    // A registration nobody confirmed is replaced with the operator's password, confirmed.
    const command = { type: 'ReplaceByOperator' as const, registrationId: randomUUID(), email, displayName };
    const { recorded: replaced } = await decideForUser(trx, events, user.id, command);
    await trx
      .updateTable('users')
      .set({ email, password_hash: passwordHash, display_name: displayName, redirect_to: '/admin/dashboard', email_confirmed_at: now })
      .where('id', '=', user.id)
      .execute();
    const { events: role } = await events.appendInTransaction(trx, userStream(user.id), [granted(user.id)], 'any');
    return { userId: user.id, recorded: [...replaced, ...role] };
  }
  const userId = randomUUID();
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: { userId, email, displayName, redirectTo: '/admin/dashboard', createdBy: 'operator' },
  };
  const confirmed: EmailConfirmed = { type: 'EmailConfirmed', data: { userId, via: 'operator' } };
  await trx
    .insertInto('users')
    .values({
      id: userId,
      email,
      email_key: emailKey(email),
      password_hash: passwordHash,
      display_name: displayName,
      redirect_to: '/admin/dashboard',
      email_confirmed_at: now,
      created_at: now,
    })
    .execute();
  const { events: recorded } = await events.appendInTransaction(trx, userStream(userId), [registered, confirmed, granted(userId)], 0);
  return { userId, recorded };
}
