import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { DomainError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { CONFIRMATION_TOKEN_PURPOSE, parseSubject } from '../confirmation-link.js';
import { confirmEmailRequestSchema, type SignUpRedirect } from '../../../../contracts/identity/forms.js';
import { verifyPassword } from '../passwords.js';
import { findSessionUser, SessionService, type IssuedSession } from '../sessions.js';
import { CONFIRMATION_INVALID } from '../user.decider.js';
import { decideForUser } from '../user-stream.js';

export interface ConfirmEmailResult extends IssuedSession {
  redirectTo: SignUpRedirect;
}

/**
 * Follows a confirmation link: the account is confirmed once, and the visitor is signed in. Only the link of
 * the account's latest registration counts, and when more than one sign-up used the address, only with that
 * registration's password (user.decider.ts).
 */
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
    const parsed = confirmEmailRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const subject = verifyToken(this.secret, CONFIRMATION_TOKEN_PURPOSE, parsed.data.token);
    const { id: userId, part: registrationId } = parseSubject(subject ?? '');
    if (!userId) throw new DomainError('AUTH.CONFIRMATION_INVALID', CONFIRMATION_INVALID);

    const outcome = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'redirect_to', 'password_hash'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw new DomainError('AUTH.CONFIRMATION_INVALID', CONFIRMATION_INVALID);
      const given = parsed.data.password;
      const password = !given ? 'none' : (await verifyPassword(user.password_hash, given)) ? 'right' : 'wrong';
      const { recorded } = await decideForUser(trx, this.events, userId, { type: 'ConfirmEmail', registrationId, password });
      await trx.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
      const sessionUser = (await findSessionUser(trx, userId))!;
      return { recorded, issued: await this.sessions.start(sessionUser, trx), redirectTo: user.redirect_to };
    });
    this.events.published(outcome.recorded);
    return { ...outcome.issued, redirectTo: outcome.redirectTo };
  }
}
