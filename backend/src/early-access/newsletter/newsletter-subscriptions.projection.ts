import type { Projection } from '../../shared/projections/projection.js';
import type { NewsletterSubscribed } from './newsletter.events.js';

/** The spec's newsletter_subscriptions (email, subscribed_at), inline so the admin list is current at once. */
export const newsletterSubscriptionsProjection: Projection<NewsletterSubscribed> = {
  name: 'newsletter-subscriptions',
  mode: 'inline',
  handles: ['NewsletterSubscribed'],
  tables: ['newsletter_subscriptions'],
  async handle(trx, events) {
    await trx
      .insertInto('newsletter_subscriptions')
      .values(
        events.map((event) => ({
          email: event.data.email,
          source_page: event.data.sourcePage,
          subscribed_at: event.createdAt,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  },
};
