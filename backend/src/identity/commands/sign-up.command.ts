import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { isUniqueViolation } from '../../shared/db/errors.js';
import { ConflictError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey } from '../../shared/validation/email.js';
import { defaultDisplayName, signUpInput } from '../identity.inputs.js';
import { hashPassword } from '../passwords.js';
import { userStream, type UserRegistered } from '../user.events.js';

/** The provider's sentence; the client shows the spec's 'This email is already registered. Please sign in instead.' */
export const USER_EXISTS = 'User already registered';

export interface SignUpResult {
  userId: string;
  email: string;
  displayName: string;
}

/** Creates an unconfirmed account; the confirmation e-mail goes out from the UserRegistered event. */
export class SignUp extends Command<SignUpResult> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: EventStore,
  ) {}

  async execute({ input }: SignUp): Promise<SignUpResult> {
    const parsed = signUpInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, password, redirect_to } = parsed.data;
    const displayName = parsed.data.display_name || defaultDisplayName(email);
    const key = emailKey(email);

    const known = await this.db.selectFrom('users').select('id').where('email_key', '=', key).executeTakeFirst();
    if (known) throw new ConflictError('AUTH.USER_EXISTS', USER_EXISTS);

    const userId = randomUUID();
    const passwordHash = await hashPassword(password);
    const registered: UserRegistered = {
      type: 'UserRegistered',
      data: { userId, email, displayName, redirectTo: redirect_to },
    };
    try {
      const { events } = await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: userId,
            email,
            email_key: key,
            password_hash: passwordHash,
            display_name: displayName,
            redirect_to,
            email_confirmed_at: null,
            created_at: new Date(),
          })
          .execute();
        return this.events.appendInTransaction(trx, userStream(userId), [registered], 0);
      });
      this.events.published(events);
    } catch (error) {
      // The same address signing up twice at once: the second loses on the unique key.
      if (isUniqueViolation(error, 'users_email_key_key')) throw new ConflictError('AUTH.USER_EXISTS', USER_EXISTS);
      throw error;
    }
    return { userId, email, displayName };
  }
}
