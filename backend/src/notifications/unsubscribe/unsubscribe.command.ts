import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ERASED_DOMAIN } from '../../privacy/erase-personal-data.js';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { ConcurrencyError } from '../../shared/event-store/concurrency.error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { UNSUBSCRIBE_TOKEN_PURPOSE } from '../reactors/email.reactor.js';
import { emailPreferencesStream, type EmailUnsubscribed } from './unsubscribe.events.js';

/**
 * The recipient key behind an unsubscribe link: the recipient of the e-mail the link names, or null when the
 * link is forged or expired, its e-mail is gone, or its recipient was erased.
 */
async function recipientOf(db: Db, config: Config, token: string): Promise<string | null> {
  const payload = verifyToken(appSecret(config), UNSUBSCRIBE_TOKEN_PURPOSE, token);
  if (!payload) return null;
  // Links in welcome e-mails sent before links named their e-mail carry the recipient's key instead; they
  // keep working while a marketing e-mail to that key is kept (erasure replaces the key).
  const byKey = /^[0-9a-f]{32}$/.test(payload);
  const email = await db
    .selectFrom('email_outbox')
    .select(['recipient_key', 'message'])
    .$if(!byKey, (query) => query.where('id', '=', payload))
    .$if(byKey, (query) => query.where('recipient_key', '=', payload).where('marketing', '=', true))
    .executeTakeFirst();
  if (!email || email.message.to.toLowerCase().endsWith(`@${ERASED_DOMAIN}`)) return null;
  return email.recipient_key;
}

/** Whether an unsubscribe link is valid: the page it opens asks before anything changes. */
export class CheckUnsubscribeLink extends Query<boolean> {
  constructor(readonly token: string) {
    super();
  }
}

@QueryHandler(CheckUnsubscribeLink)
export class CheckUnsubscribeLinkHandler implements IQueryHandler<CheckUnsubscribeLink> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ token }: CheckUnsubscribeLink): Promise<boolean> {
    return (await recipientOf(this.db, this.config, token)) !== null;
  }
}

/** Stops marketing e-mail to the recipient behind an unsubscribe link. Using a link twice changes nothing. */
export class UnsubscribeFromEmails extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}

@CommandHandler(UnsubscribeFromEmails)
export class UnsubscribeFromEmailsHandler implements ICommandHandler<UnsubscribeFromEmails> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ token }: UnsubscribeFromEmails): Promise<void> {
    const key = await recipientOf(this.db, this.config, token);
    if (!key) throw new ValidationError('This unsubscribe link is not valid.', { token: 'Invalid or expired link' });
    const unsubscribed: EmailUnsubscribed = { type: 'EmailUnsubscribed', data: { emailKey: key } };
    try {
      await this.events.append(emailPreferencesStream(key), [unsubscribed], 0);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error; // already unsubscribed
    }
  }
}
