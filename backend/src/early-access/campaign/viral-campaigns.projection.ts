import type { Projection } from '../../shared/projections/projection.js';
import type { ViralCampaignEvent } from './campaign.events.js';

/** The spec's viral_campaigns with its is_active flag, inline: the admin reads back a change at once. */
export const viralCampaignsProjection: Projection<ViralCampaignEvent> = {
  name: 'viral-campaigns',
  mode: 'inline',
  handles: ['ViralCampaignStarted', 'ViralCampaignEnded'],
  tables: ['viral_campaigns'],
  async handle(trx, events) {
    for (const event of events) {
      if (event.type === 'ViralCampaignStarted') {
        await trx
          .insertInto('viral_campaigns')
          .values({
            id: event.data.campaignId,
            name: event.data.name,
            description: event.data.description,
            is_active: true,
            started_at: event.createdAt,
            ended_at: null,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      } else {
        await trx
          .updateTable('viral_campaigns')
          .set({ is_active: false, ended_at: event.createdAt })
          .where('id', '=', event.data.campaignId)
          .execute();
      }
    }
  },
};
