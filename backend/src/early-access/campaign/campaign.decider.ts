import type { Decider } from '../../shared/event-store/decider.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import type { ViralCampaignEvent } from './campaign.events.js';

type State = { status: 'none' } | { status: 'active' | 'ended'; campaignId: string };
type CampaignCommand =
  | { type: 'StartViralCampaign'; campaignId: string; name: string; description: string | null }
  | { type: 'EndViralCampaign'; campaignId: string };

/** Start once; ending an active campaign ends it, ending an ended one changes nothing. */
export const campaignDecider: Decider<CampaignCommand, ViralCampaignEvent, State> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'ViralCampaignStarted':
        return { status: 'active', campaignId: event.data.campaignId };
      case 'ViralCampaignEnded':
        return state.status === 'none' ? state : { ...state, status: 'ended' };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartViralCampaign':
        return [
          { type: 'ViralCampaignStarted', data: { campaignId: command.campaignId, name: command.name, description: command.description } },
        ];
      case 'EndViralCampaign':
        if (state.status === 'none') throw new NotFoundError('CAMPAIGN.NOT_FOUND', 'Campaign not found');
        return state.status === 'active' ? [{ type: 'ViralCampaignEnded', data: { campaignId: command.campaignId } }] : [];
    }
  },
};
