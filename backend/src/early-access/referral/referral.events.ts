import type { Event } from '../../shared/event-store/events.js';
import type { Platform } from './platform.js';
import type { ClickUserAgent } from './user-agent.js';

/**
 * The share-link generator gave an address that is not on the list a code of its own (spec: referral_codes
 * insert {code, owner_email}). Leads get theirs with LeadJoined; an address keeps one code for good.
 */
export type ReferralCodeIssued = Event<'ReferralCodeIssued', { code: string; ownerEmail: string }>;

/**
 * The share-link generator was asked for the code of an address that is already a lead: the code goes to
 * that address by e-mail, never into the answer (which looks like a newcomer's), so the generator cannot tell
 * anyone who is on the list.
 */
export type ReferralLinkRequested = Event<'ReferralLinkRequested', { email: string; code: string }>;

/** A visit arrived through a share link (counted once per browser session by the client). */
export type ReferralLinkClicked = Event<'ReferralLinkClicked', { code: string; platform: Platform; userAgent: ClickUserAgent }>;

/** One stream per address, written at version 0: concurrent generations for one address issue one code. */
export const referralCodeStream = (emailKey: string) => `referral-code-${emailKey}`;
/** Clicks are appended unversioned (high volume, no decision to guard). */
export const referralClicksStream = (code: string) => `referral-${code}`;
