import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { linkMetadata } from '../../shared/http/site-base.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey } from '../../shared/validation/email.js';
import { defaultDisplayName, signUpRequestSchema } from '../../../../contracts/identity/forms.js';
import type { SignUpResult } from '../../../../contracts/identity/session.js';
import { hashPassword } from '../passwords.js';
import { decideForUser } from '../user-stream.js';
import { userStream, type UserRegistered } from '../user.events.js';

/**
 * A sign-up. A new address gets an unconfirmed account and a confirmation link (UserRegistered). An address
 * whose account was never confirmed gets its pending registration replaced (RegistrationRenewed: the new
 * password, and a new link; earlier links confirm nothing), so whoever typed someone else's address first
 * cannot keep the account from its owner. A confirmed address changes nothing; its owner is told by e-mail
 * (SignUpAttempted). The answer and its cost are the same in all three cases: the password is hashed
 * anyway, and no 409 says the address is taken.
 */
export class SignUp extends Command<SignUpResult> {
  constructor(
    readonly input: unknown,
    /** Where its e-mail's links point when that is the visitor's address (development): visitorLinkBase. */
    readonly linkBase: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: EventStore,
  ) {}

  async execute({ input, linkBase }: SignUp): Promise<SignUpResult> {
    const parsed = signUpRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, password, redirect_to: redirectTo } = parsed.data;
    const displayName = parsed.data.display_name || defaultDisplayName(email);
    const key = emailKey(email);
    const passwordHash = await hashPassword(password);

    const recorded = await this.db.transaction().execute(async (trx): Promise<RecordedEvent[]> => {
      const userId = randomUUID();
      // A concurrent sign-up of the same address waits here for the other to commit, then finds its row.
      const created = await trx
        .insertInto('users')
        .values({
          id: userId,
          email,
          email_key: key,
          password_hash: passwordHash,
          display_name: displayName,
          redirect_to: redirectTo,
          email_confirmed_at: null,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created) {
        const registered: UserRegistered = { type: 'UserRegistered', data: { userId, email, displayName, redirectTo } };
        return (await this.events.appendInTransaction(trx, userStream(userId), [registered], 0, linkMetadata(linkBase))).events;
      }

      const known = await trx.selectFrom('users').select('id').where('email_key', '=', key).forUpdate().executeTakeFirstOrThrow();
      const command = { type: 'SignUpAgain' as const, registrationId: randomUUID(), email, displayName, redirectTo };
      const { decided, recorded } = await decideForUser(trx, this.events, known.id, command, linkMetadata(linkBase));
      if (decided.some((event) => event.type === 'RegistrationRenewed')) {
        await trx
          .updateTable('users')
          .set({ email, password_hash: passwordHash, display_name: displayName, redirect_to: redirectTo })
          .where('id', '=', known.id)
          .execute();
      }
      return recorded;
    });
    this.events.published(recorded);
    return { email, displayName };
  }
}
