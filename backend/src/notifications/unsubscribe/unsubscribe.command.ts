import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { ConcurrencyError } from '../../shared/event-store/concurrency.error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { UNSUBSCRIBE_TOKEN_PURPOSE } from '../reactors/email.reactor.js';
import { emailPreferencesStream, type EmailUnsubscribed } from './unsubscribe.events.js';

/** Stops marketing e-mail to the address behind an unsubscribe link. Using a link twice changes nothing. */
export class UnsubscribeFromEmails extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}

@CommandHandler(UnsubscribeFromEmails)
export class UnsubscribeFromEmailsHandler implements ICommandHandler<UnsubscribeFromEmails> {
  constructor(
    private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ token }: UnsubscribeFromEmails): Promise<void> {
    const key = verifyToken(appSecret(this.config), UNSUBSCRIBE_TOKEN_PURPOSE, token);
    if (!key) throw new ValidationError('This unsubscribe link is not valid.', { token: 'Invalid or expired link' });
    const unsubscribed: EmailUnsubscribed = { type: 'EmailUnsubscribed', data: { emailKey: key } };
    try {
      await this.events.append(emailPreferencesStream(key), [unsubscribed], 0);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error; // already unsubscribed
    }
  }
}
