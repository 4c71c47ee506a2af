import type { Event } from '../../shared/event-store/events.js';
import type { ReferralRefusal } from '../../../../contracts/early-access/lead.js';

/**
 * A visitor joined. The position is the waitlist stream's version, never given twice. `earlyExplorer`: what
 * the visitor was told, whether a spot was free (fewer confirmed Explorers than the cap); the spot is theirs
 * once they confirm, if one is free then (LeadConfirmed).
 */
export type LeadJoined = Event<
  'LeadJoined',
  {
    leadId: string;
    /** The address in its canonical form (contracts/form-fields.ts). */
    email: string;
    /** The mailbox it delivers to (sub-address and Gmail dots removed): one person for referral credit. */
    personKey?: string;
    sourcePage: string | null;
    position: number;
    /** Absent on events from before spots could be given back: then position ≤ 100. */
    earlyExplorer?: boolean;
    referralCode: string;
    /** The referrer's code; null when none, unknown, or the joiner's own. It counts once the lead confirms. */
    referredBy: string | null;
    /** Why the referral can never count, decided at the join; absent or null when it can. */
    referralRefused?: ReferralRefusal | null;
    /** The analytics session the visitor joined in, when the client sent it. */
    sessionId: string | null;
    /** A keyed hash of the client's address (never the address): flags many referrals from one client. */
    clientKey?: string | null;
    /** The address is at a throwaway-mail provider (flagged, not refused). Absent on events before the flag. */
    disposableEmail?: boolean;
  }
>;

/**
 * Every LeadJoined goes to this one stream, and every LeadJoinRepeated that told a position: its version is
 * the position, so positions are unique and increasing; a position told to a repeated join goes to nobody.
 */
export const WAITLIST_STREAM = 'waitlist';

/**
 * The address's owner followed the link in the welcome e-mail. `credited`: the referrer code this
 * confirmation credits (the referral was not refused or voided), null otherwise. `earlyExplorer`: whether
 * the lead took an Early Explorer spot, decided here (a spot was free: fewer confirmed Explorers than the
 * cap); absent on events from before spots were held by confirmation, whose lead keeps what its join said.
 */
export type LeadConfirmed = Event<'LeadConfirmed', { leadId: string; email: string; credited: string | null; earlyExplorer?: boolean }>;

/**
 * Someone joined again with an address on the list, from a browser that had not joined with it: they were told
 * what a newcomer is told, and the address's owner is e-mailed their real position and link (`position`,
 * `referralCode`). The answer's position (`toldPosition`) is used up: it is this event's version in the
 * waitlist stream, so the next join gets the one after. The answer's code (`toldCode`) is the address's
 * generator code, or a new code of the lead's: a real code, whose clicks and joins count for the lead.
 * Events from before positions were used up carry neither (they are on the lead's own stream).
 */
export type LeadJoinRepeated = Event<
  'LeadJoinRepeated',
  {
    leadId: string;
    email: string;
    position: number;
    earlyExplorer: boolean;
    referralCode: string;
    toldPosition?: number;
    toldCode?: string;
  }
>;

/** An administrator voided the referral a lead joined through: it no longer counts (or never will). */
export type ReferralVoided = Event<'ReferralVoided', { leadId: string; referrerCode: string; wasCredited: boolean }>;

/** The admin deleted a lead: it leaves the leads list and the counts (its position is not given again). */
export type LeadDeleted = Event<'LeadDeleted', { leadId: string; email: string }>;

/** A lead's own events (confirmation, voiding, deletion), so the waitlist stream's version stays the position. */
export const leadStream = (leadId: string) => `lead-${leadId}`;

/**
 * The link in the welcome e-mail: `${PUBLIC_BASE_URL}${LEAD_CONFIRMATION_PAGE}?token=…`, the token signed with
 * APP_SECRET for this purpose, its payload the lead id. It opens the SPA's page (the frontend's
 * paths.leadConfirm), which has one button (link scanners open links too); the button posts the token to
 * LEAD_CONFIRMATION_PATH, which confirms. A GET of LEAD_CONFIRMATION_PATH (the link of older e-mails) leads to
 * the page.
 */
export const LEAD_CONFIRMATION_PAGE = '/confirm';
export const LEAD_CONFIRMATION_PATH = '/api/leads/confirm';
export const LEAD_CONFIRMATION_PURPOSE = 'lead-confirmation';
export const LEAD_CONFIRMATION_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
