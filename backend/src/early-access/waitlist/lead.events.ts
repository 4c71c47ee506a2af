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
    /** The address is at a throwaway-mail provider (flagged, not refused). Absent on events before the flag. */
    disposableEmail?: boolean;
  }
>;

/** Every LeadJoined goes to this one stream: its version is the explorer's position, gap-free by construction. */
export const WAITLIST_STREAM = 'waitlist';

/** The admin deleted a lead: it leaves the leads list and the counts (its position is not given again). */
export type LeadDeleted = Event<'LeadDeleted', { leadId: string; email: string }>;

/** A lead's admin events (deletion) go to its own stream, so the waitlist stream's version stays the position. */
export const leadStream = (leadId: string) => `lead-${leadId}`;
