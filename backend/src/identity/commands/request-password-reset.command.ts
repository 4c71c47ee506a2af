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
import { forgotPasswordRequestSchema } from '../../../../contracts/identity/forms.js';
import type { PasswordResetRequested } from '../../../../contracts/identity/session.js';
import { decideForUser } from '../user-stream.js';

export const PASSWORD_RESET_SENT =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.';

/**
 * "Forgot password?": when an account uses the address, a reset link goes to that account's own address
 * (PasswordResetRequested; the e-mail greets nobody by name). The answer is the same either way.
 */
export class RequestPasswordReset extends Command<PasswordResetRequested> {
  constructor(
    readonly input: unknown,
    /** Where its e-mail's link points when that is the visitor's address (development): visitorLinkBase. */
    readonly linkBase: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: EventStore,
  ) {}

  async execute({ input, linkBase }: RequestPasswordReset): Promise<PasswordResetRequested> {
    const parsed = forgotPasswordRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const recorded = await this.db.transaction().execute(async (trx): Promise<RecordedEvent[]> => {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('email_key', '=', emailKey(parsed.data.email))
        .forUpdate()
        .executeTakeFirst();
      if (!user) return [];
      return (
        await decideForUser(trx, this.events, user.id, { type: 'RequestPasswordReset', resetId: randomUUID() }, linkMetadata(linkBase))
      ).recorded;
    });
    this.events.published(recorded);
    return { message: PASSWORD_RESET_SENT };
  }
}
