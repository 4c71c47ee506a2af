import type { Projection } from '../../shared/projections/projection.js';
import type { LeadDeleted, LeadJoined } from '../lead/lead.events.js';

/**
 * The spec's leads table, inline: the join command reads it (under its lock) to find a returning e-mail, and
 * the admin's list shows a deletion at once.
 */
export const leadsProjection: Projection<LeadJoined | LeadDeleted> = {
  name: 'leads',
  mode: 'inline',
  handles: ['LeadJoined', 'LeadDeleted'],
  tables: ['leads'],
  async handle(trx, events) {
    for (const event of events) {
      if (event.type === 'LeadDeleted') {
        await trx.deleteFrom('leads').where('id', '=', event.data.leadId).execute();
        continue;
      }
      const { data, createdAt } = event;
      await trx
        .insertInto('leads')
        .values({
          id: data.leadId,
          email: data.email,
          source_page: data.sourcePage,
          referral_code: data.referralCode,
          referred_by: data.referredBy,
          waitlist_position: data.position,
          disposable_email: data.disposableEmail ?? false,
          created_at: createdAt,
        })
        .execute();
    }
  },
};
