import type { Event } from '../shared/event-store/events.js';

/** A visitor or an administrator signed up; the confirmation e-mail leads back to `redirectTo` once confirmed. */
export type UserRegistered = Event<
  'UserRegistered',
  { userId: string; email: string; displayName: string; redirectTo: '/' | '/admin/dashboard' }
>;
