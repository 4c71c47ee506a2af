import { describe, expect, it } from 'vitest';
import { campaignDecider } from './campaign.decider.js';
import type { ViralCampaignEvent } from './campaign.events.js';

const given = (events: ViralCampaignEvent[]) => events.reduce(campaignDecider.evolve, campaignDecider.initialState);
const started: ViralCampaignEvent = { type: 'ViralCampaignStarted', data: { campaignId: 'c1', name: 'March', description: null } };

describe('campaignDecider', () => {
  it('starts a campaign', () => {
    expect(campaignDecider.decide({ type: 'StartViralCampaign', campaignId: 'c1', name: 'March', description: null }, given([]))).toEqual([
      started,
    ]);
  });

  it('ends an active campaign once', () => {
    const ended: ViralCampaignEvent = { type: 'ViralCampaignEnded', data: { campaignId: 'c1' } };
    expect(campaignDecider.decide({ type: 'EndViralCampaign', campaignId: 'c1' }, given([started]))).toEqual([ended]);
    expect(campaignDecider.decide({ type: 'EndViralCampaign', campaignId: 'c1' }, given([started, ended]))).toEqual([]);
  });

  it('cannot end a campaign that never started', () => {
    expect(() => campaignDecider.decide({ type: 'EndViralCampaign', campaignId: 'c9' }, given([]))).toThrow('Campaign not found');
  });
});
