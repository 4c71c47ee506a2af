import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { ConcurrencyError } from '../../shared/event-store/concurrency.error.js';
import type { Db } from '../../shared/db/tables.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey } from '../../shared/validation/email.js';
import { appendConverted } from '../conversion/conversion.events.js';
import { newsletterStream, type NewsletterSubscribed } from './newsletter.events.js';
import { caughtInHoneypot } from '../../../../contracts/form-fields.js';
import { subscribeNewsletterRequestSchema } from '../../../../contracts/early-access/newsletter.js';

/** Subscribes an address once; subscribing again is a success that writes nothing. */
export class SubscribeToNewsletter extends Command<{ alreadySubscribed: boolean }> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(SubscribeToNewsletter)
export class SubscribeToNewsletterHandler implements ICommandHandler<SubscribeToNewsletter> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input }: SubscribeToNewsletter): Promise<{ alreadySubscribed: boolean }> {
    const parsed = subscribeNewsletterRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    if (caughtInHoneypot(parsed.data)) return { alreadySubscribed: false };
    const { email, source_page } = parsed.data;
    const subscribed: NewsletterSubscribed = {
      type: 'NewsletterSubscribed',
      data: { email, sourcePage: source_page },
    };
    try {
      // Version 0: the stream must not exist yet, so a repeated (or concurrent) subscription adds nothing.
      const key = emailKey(email);
      await appendConverted(
        this.events,
        this.db,
        { id: newsletterStream(key), events: [subscribed], expectedVersion: 0 },
        { kind: 'newsletter', sourceId: key },
      );
      return { alreadySubscribed: false };
    } catch (error) {
      if (error instanceof ConcurrencyError) return { alreadySubscribed: true };
      throw error;
    }
  }
}
