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
    /** The referrer's code; null when none, unknown, or the joiner's own. */
    referredBy: string | null;
    /** The analytics session the visitor joined in, when the client sent it. */
    sessionId: string | null;
  }
>;

/** Every LeadJoined goes to this one stream: its version is the explorer's position, gap-free by construction. */
export const WAITLIST_STREAM = 'waitlist';
