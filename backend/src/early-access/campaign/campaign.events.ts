import type { Event } from '../../shared/event-store/events.js';

/**
 * Viral campaigns: the spec shows only rows with an is_active flag that the site reads ("select all where
 * is_active is true"). Ours are named pushes an admin starts and ends (say, "Invite 3 friends in March");
 * what a campaign rewards is up to its description: no reward logic hangs on it.
 */
export type ViralCampaignStarted = Event<'ViralCampaignStarted', { campaignId: string; name: string; description: string | null }>;
export type ViralCampaignEnded = Event<'ViralCampaignEnded', { campaignId: string }>;
export type ViralCampaignEvent = ViralCampaignStarted | ViralCampaignEnded;

export const campaignStream = (id: string) => `viral-campaign-${id}`;
