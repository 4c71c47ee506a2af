import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { DomainError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { CONFIRMATION_TOKEN_PURPOSE } from '../confirmation-link.js';
import { confirmEmailInput } from '../identity.inputs.js';
import { findSessionUser, SessionService, type IssuedSession } from '../sessions.js';
import { userStream, type EmailConfirmed } from '../user.events.js';

export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired. Please sign up again or ask for a new link.';
export const CONFIRMATION_USED = 'This confirmation link has already been used. Please sign in.';

export interface ConfirmEmailResult extends IssuedSession {
  redirectTo: '/' | '/admin/dashboard';
}

/** Follows a confirmation link: the account is confirmed once, and the visitor is signed in. */
export class ConfirmEmail extends Command<ConfirmEmailResult> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(ConfirmEmail)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmail> {
  private readonly secret: string;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
    private readonly events: EventStore,
    private readonly sessions: SessionService,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ input }: ConfirmEmail): Promise<ConfirmEmailResult> {
    const parsed = confirmEmailInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const userId = verifyToken(this.secret, CONFIRMATION_TOKEN_PURPOSE, parsed.data.token);
    if (!userId) throw new DomainError('AUTH.CONFIRMATION_INVALID', CONFIRMATION_INVALID);

    const outcome = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email_confirmed_at', 'redirect_to'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) return { error: new DomainError('AUTH.CONFIRMATION_INVALID', CONFIRMATION_INVALID) };
      // Single use: the account's state says whether the link was followed already.
      if (user.email_confirmed_at) return { error: new DomainError('AUTH.CONFIRMATION_USED', CONFIRMATION_USED) };
      await trx.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
      const confirmed: EmailConfirmed = { type: 'EmailConfirmed', data: { userId, via: 'link' } };
      const { events } = await this.events.appendInTransaction(trx, userStream(userId), [confirmed], 'any');
      const sessionUser = (await findSessionUser(trx, userId))!;
      return { events, issued: await this.sessions.start(sessionUser, trx), redirectTo: user.redirect_to };
    });
    if ('error' in outcome) throw outcome.error;
    this.events.published(outcome.events);
    return { ...outcome.issued, redirectTo: outcome.redirectTo };
  }
}
