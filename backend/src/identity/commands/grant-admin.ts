/**
 * The operator's way to make an administrator (`npm run admin:grant -- someone@example.com [--password x]`):
 * signing up never does. With a password and no account yet, it creates a confirmed admin account, which
 * is how the first administrator comes to exist.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../shared/db/tables.js';
import type { EventStore } from '../../shared/event-store/event-store.js';
import { emailKey, emailSchema } from '../../shared/validation/email.js';
import { defaultDisplayName, signUpInput } from '../identity.inputs.js';
import { hashPassword } from '../passwords.js';
import { userStream, type EmailConfirmed, type RoleGranted, type UserRegistered } from '../user.events.js';

export type GrantAdminOutcome = 'granted' | 'created' | 'already-admin';

export class GrantAdminError extends Error {}

export async function grantAdmin(db: Db, events: EventStore, request: { email: string; password?: string }): Promise<GrantAdminOutcome> {
  const email = emailSchema.safeParse(request.email);
  if (!email.success) throw new GrantAdminError(email.error.issues[0]!.message);
  const user = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'profiles.role'])
    .where('email_key', '=', emailKey(email.data))
    .executeTakeFirst();
  const granted = (userId: string): RoleGranted => ({ type: 'RoleGranted', data: { userId, role: 'admin', grantedBy: 'operator' } });

  if (user) {
    if (request.password !== undefined) {
      throw new GrantAdminError('This account already exists; its owner keeps their password. Run again without --password.');
    }
    if (user.role === 'admin') return 'already-admin';
    await events.append(userStream(user.id), [granted(user.id)], 'any');
    return 'granted';
  }

  if (request.password === undefined) {
    throw new GrantAdminError('No account uses this address. Ask them to sign up first, or pass --password to create it.');
  }
  const input = signUpInput.safeParse({ email: email.data, password: request.password });
  if (!input.success) throw new GrantAdminError(input.error.issues[0]!.message);
  const userId = randomUUID();
  const passwordHash = await hashPassword(request.password);
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: { userId, email: email.data, displayName: defaultDisplayName(email.data), redirectTo: '/admin/dashboard', createdBy: 'operator' },
  };
  const confirmed: EmailConfirmed = { type: 'EmailConfirmed', data: { userId, via: 'operator' } };
  const { events: recorded } = await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: email.data,
        email_key: emailKey(email.data),
        password_hash: passwordHash,
        display_name: registered.data.displayName,
        redirect_to: '/admin/dashboard',
        email_confirmed_at: now,
        created_at: now,
      })
      .execute();
    return events.appendInTransaction(trx, userStream(userId), [registered, confirmed, granted(userId)], 0);
  });
  events.published(recorded);
  return 'created';
}
