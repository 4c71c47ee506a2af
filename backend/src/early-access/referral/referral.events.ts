import type { Event } from '../../shared/event-store/events.js';
import type { Platform } from './platform.js';
import type { ClickUserAgent } from './user-agent.js';

/**
 * The share-link generator gave an address its code (spec: referral_codes insert {code, owner_email}): one per
 * address, the same each time, whether the address is on the list or not. An address not on the list keeps
 * it as its lead's code when it joins; for a lead it is a second code of its own. Either way, clicks and joins
 * through it count for the address.
 */
export type ReferralCodeIssued = Event<'ReferralCodeIssued', { code: string; ownerEmail: string }>;

/**
 * The share-link generator was asked for the code of an address that is already a lead: the same link it
 * answered (the address's generator code, `code`) goes to that address by e-mail too.
 */
export type ReferralLinkRequested = Event<'ReferralLinkRequested', { email: string; code: string }>;

/** A visit arrived through a share link (counted once per browser session by the client). */
export type ReferralLinkClicked = Event<'ReferralLinkClicked', { code: string; platform: Platform; userAgent: ClickUserAgent }>;

/** One stream per address, written at version 0: concurrent generations for one address issue one code. */
export const referralCodeStream = (emailKey: string) => `referral-code-${emailKey}`;
/** Clicks are appended unversioned (high volume, no decision to guard). */
export const referralClicksStream = (code: string) => `referral-${code}`;
