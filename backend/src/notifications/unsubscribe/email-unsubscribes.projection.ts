import type { Projection } from '../../shared/projections/projection.js';
import type { EmailUnsubscribed } from './unsubscribe.events.js';

/** Inline, so that an unsubscribe takes effect before the next e-mail is sent. */
export const emailUnsubscribesProjection: Projection<EmailUnsubscribed> = {
  name: 'email-unsubscribes',
  mode: 'inline',
  handles: ['EmailUnsubscribed'],
  tables: ['email_unsubscribes'],
  async handle(trx, events) {
    await trx
      .insertInto('email_unsubscribes')
      .values(events.map((event) => ({ email_key: event.data.emailKey, unsubscribed_at: event.createdAt })))
      .onConflict((oc) => oc.column('email_key').doNothing())
      .execute();
  },
};
