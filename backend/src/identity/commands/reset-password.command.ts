import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { DomainError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { parseSubject, PASSWORD_RESET_TOKEN_PURPOSE } from '../confirmation-link.js';
import { resetPasswordRequestSchema } from '../../../../contracts/identity/forms.js';
import { hashPassword } from '../passwords.js';
import { endAllSessions } from '../end-sessions.js';
import { findSessionUser, SessionService, type IssuedSession } from '../sessions.js';
import { RESET_LINK_INVALID } from '../user.decider.js';
import { decideForUser } from '../user-stream.js';

/**
 * Follows a reset link with a new password: the password is replaced, every session of the account ends
 * (whoever knew the old password is signed out everywhere), and the person who followed the link is signed
 * in with a new one. The link works once, for an hour, and not after another reset (a renewed sign-up leaves
 * it open: it went to the address's owner); it also confirms an address that was not confirmed yet, since it
 * was sent there.
 */
export class ResetPassword extends Command<IssuedSession> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  private readonly secret: string;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
    private readonly events: EventStore,
    private readonly sessions: SessionService,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ input }: ResetPassword): Promise<IssuedSession> {
    const parsed = resetPasswordRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const subject = verifyToken(this.secret, PASSWORD_RESET_TOKEN_PURPOSE, parsed.data.token);
    const { id: userId, part: resetId } = parseSubject(subject ?? '');
    if (!userId || resetId === userId) throw new DomainError('AUTH.RESET_LINK_INVALID', RESET_LINK_INVALID);
    const passwordHash = await hashPassword(parsed.data.password);

    const outcome = await this.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('email_confirmed_at').where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!user) throw new DomainError('AUTH.RESET_LINK_INVALID', RESET_LINK_INVALID);
      // The account acts on itself (its own stream): the audit trail, administrators' changes, leaves it out.
      const { recorded } = await decideForUser(trx, this.events, userId, { type: 'ResetPassword', resetId }, { userId });
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, email_confirmed_at: user.email_confirmed_at ?? new Date() })
        .where('id', '=', userId)
        .execute();
      await endAllSessions(trx, userId);
      return { recorded, issued: await this.sessions.start((await findSessionUser(trx, userId))!, trx) };
    });
    this.events.published(outcome.recorded);
    return outcome.issued;
  }
}
