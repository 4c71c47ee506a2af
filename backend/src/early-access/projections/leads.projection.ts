import type { Projection } from '../../shared/projections/projection.js';
import type { LeadJoined } from '../lead/lead.events.js';

/** The spec's leads table, inline: the join command reads it (under its lock) to find a returning e-mail. */
export const leadsProjection: Projection<LeadJoined> = {
  name: 'leads',
  mode: 'inline',
  handles: ['LeadJoined'],
  tables: ['leads'],
  async handle(trx, events) {
    await trx
      .insertInto('leads')
      .values(
        events.map(({ data, createdAt }) => ({
          id: data.leadId,
          email: data.email,
          source_page: data.sourcePage,
          referral_code: data.referralCode,
          referred_by: data.referredBy,
          waitlist_position: data.position,
          created_at: createdAt,
        })),
      )
      .execute();
  },
};
