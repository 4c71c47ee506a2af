import type { Event } from '../../shared/event-store/events.js';

/** An address (by its key, never the address itself) asked for no more marketing e-mail. */
export type EmailUnsubscribed = Event<'EmailUnsubscribed', { emailKey: string }>;

export const emailPreferencesStream = (key: string) => `email-preferences-${key}`;
