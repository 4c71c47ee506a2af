import type { Event } from '../shared/event-store/events.js';
import type { Role } from './identity.tables.js';

/** A visitor or an administrator signed up; the confirmation e-mail leads back to `redirectTo` once confirmed. */
export type UserRegistered = Event<
  'UserRegistered',
  {
    userId: string;
    email: string;
    displayName: string;
    redirectTo: '/' | '/admin/dashboard';
    /** Set when an operator created the account already confirmed: no confirmation e-mail. */
    createdBy?: 'operator';
  }
>;

/** The owner of the address followed the confirmation link; sign-in is allowed from now on. */
export type EmailConfirmed = Event<'EmailConfirmed', { userId: string; via: 'link' | 'operator' }>;

/** An operator granted a role (`npm run admin:grant`); signing up never makes an admin. */
export type RoleGranted = Event<'RoleGranted', { userId: string; role: Role; grantedBy: 'operator' }>;

/** Audit trail of sign-ins. Failures name the account only when it exists; the address itself is not kept. */
export type UserSignedIn = Event<'UserSignedIn', { userId: string }>;
export type SignInFailed = Event<
  'SignInFailed',
  { userId: string | null; emailKey: string; reason: 'invalid-credentials' | 'email-not-confirmed' }
>;

export const userStream = (userId: string) => `user-${userId}`;
/** Sign-in audit events, appended unversioned (no decision depends on them). */
export const SIGN_IN_AUDIT_STREAM = 'sign-in-audit';
