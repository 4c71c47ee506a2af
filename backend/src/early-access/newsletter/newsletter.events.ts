import type { Event } from '../../shared/event-store/events.js';

export type NewsletterSubscribed = Event<'NewsletterSubscribed', { email: string; sourcePage: string | null }>;

export const newsletterStream = (emailKey: string) => `newsletter-${emailKey}`;
