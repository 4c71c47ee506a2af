import type { Event } from '../../shared/event-store/events.js';

/** A visitor joined: position 1–100 makes an Early Explorer, later ones are on the wait-list. */
export type LeadJoined = Event<
  'LeadJoined',
  {
    leadId: string;
    email: string;
    sourcePage: string | null;
    position: number;
    referralCode: string;
    referredBy: string | null;
  }
>;

/** Every LeadJoined goes to this one stream: its version is the explorer's position, gap-free by construction. */
export const WAITLIST_STREAM = 'waitlist';
