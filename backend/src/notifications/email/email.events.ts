import type { Event } from '../../shared/event-store/events.js';

/** A mail server refused an e-mail for good (5xx): the address is undeliverable. */
export type EmailUndeliverable = Event<'EmailUndeliverable', { to: string; template: string; reason: string }>;

/** One stream per outbox e-mail, written at version 0: an e-mail refused again (after an operator's retry) says it once. */
export const emailStream = (outboxId: string) => `email-${outboxId}`;
