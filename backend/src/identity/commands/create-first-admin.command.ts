import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { ForbiddenError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey } from '../../shared/validation/email.js';
import { firstAdminRequestSchema, SETUP_ADDRESS_TAKEN, SETUP_LINK_INVALID } from '../../../../contracts/identity/first-admin.js';
import { firstAdminTokenValid, lockFirstAdminSetup, voidFirstAdminLinks } from '../first-admin-setup.js';
import { hashPassword } from '../passwords.js';
import { findSessionUser, SessionService, type IssuedSession } from '../sessions.js';
import { createAdminAccount } from './grant-admin.js';

/**
 * Follows the first administrator's setup link with an address and a password: creates the account,
 * confirmed, with the administrator role (as `admin:grant --password` does), voids every setup link, and
 * signs the person in. Under a lock, with the checks repeated inside it: concurrent requests create one
 * administrator at most.
 */
export class CreateFirstAdmin extends Command<IssuedSession> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(CreateFirstAdmin)
export class CreateFirstAdminHandler implements ICommandHandler<CreateFirstAdmin> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: EventStore,
    private readonly sessions: SessionService,
  ) {}

  async execute({ input }: CreateFirstAdmin): Promise<IssuedSession> {
    const parsed = firstAdminRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { token, email, password } = parsed.data;
    // Checked before the password is hashed, so a wrong token costs no hashing.
    if (!(await firstAdminTokenValid(this.db, token))) throw new ForbiddenError('SETUP.LINK_INVALID', SETUP_LINK_INVALID);
    const passwordHash = await hashPassword(password);

    const { issued, recorded } = await this.db.transaction().execute(async (trx) => {
      await lockFirstAdminSetup(trx);
      if (!(await firstAdminTokenValid(trx, token))) throw new ForbiddenError('SETUP.LINK_INVALID', SETUP_LINK_INVALID);
      const existing = await trx
        .selectFrom('users')
        .select('email_confirmed_at')
        .where('email_key', '=', emailKey(email))
        .executeTakeFirst();
      // A confirmed account keeps its owner's password; an unconfirmed registration is replaced.
      if (existing?.email_confirmed_at) throw new ValidationError(SETUP_ADDRESS_TAKEN, { email: SETUP_ADDRESS_TAKEN });
      const { userId, recorded } = await createAdminAccount(trx, this.events, email, passwordHash);
      await voidFirstAdminLinks(trx);
      const user = await findSessionUser(trx, userId);
      return { issued: await this.sessions.start(user!, trx), recorded };
    });
    this.events.published(recorded);
    return issued;
  }
}
