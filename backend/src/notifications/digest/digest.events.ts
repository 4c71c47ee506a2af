import type { Event } from '../../shared/event-store/events.js';

/**
 * The weekly digest of one week (Monday to Sunday, UTC), as it was when the schedule prepared it: the e-mail
 * reactor writes it to the outbox for ADMIN_NOTIFY_EMAIL. Figures only, no personal data.
 */
export type WeeklyDigestPrepared = Event<
  'WeeklyDigestPrepared',
  {
    from: string;
    to: string;
    newLeads: number;
    previousLeads: number;
    needs: { label: string; signals: number; previous: number; change: number | null }[];
    apps: { name: string; slug: string; views: number }[];
  }
>;

/** One stream per week, started with version 0: a second worker's append for the same week is refused. */
export const digestStream = (from: string) => `digest-${from}`;
