import type { Event } from '../shared/event-store/events.js';
import type { Role } from './identity.tables.js';

/**
 * A visitor or an administrator signed up; the confirmation e-mail leads back to `redirectTo` once confirmed.
 * The first registration of an account is identified by the account's id (its confirmation link names it).
 */
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

/**
 * Someone signed up again with the address of an account that was never confirmed: the pending registration
 * is replaced (password, name, destination) and only the link sent for this one can confirm the account.
 * Whoever owns the address therefore always wins over whoever typed it in first.
 */
export type RegistrationRenewed = Event<
  'RegistrationRenewed',
  {
    userId: string;
    registrationId: string;
    email: string;
    displayName: string;
    redirectTo: '/' | '/admin/dashboard';
    /** An operator replaced it (`admin:grant --password`), confirmed at once: no confirmation e-mail. */
    createdBy?: 'operator';
  }
>;

/** The owner of the address proved it (the confirmation link, a reset link) or an operator vouched for it. */
export type EmailConfirmed = Event<'EmailConfirmed', { userId: string; via: 'link' | 'operator' | 'password-reset' }>;

/**
 * Someone signed up with the address of a confirmed account. Nothing changes; the owner is told by e-mail,
 * and the sign-up is answered exactly as a new one, so the form tells nobody who has an account.
 */
export type SignUpAttempted = Event<'SignUpAttempted', { userId: string; email: string }>;

/** A reset link was asked for; the e-mail goes to the account's own address. */
export type PasswordResetRequested = Event<'PasswordResetRequested', { userId: string; email: string; resetId: string }>;

/** The password was replaced through a reset link: every open reset link and every session of the account ended. */
export type PasswordReset = Event<'PasswordReset', { userId: string; resetId: string }>;

/** An operator granted a role (`npm run admin:grant`); signing up never makes an admin. */
export type RoleGranted = Event<'RoleGranted', { userId: string; role: Role; grantedBy: 'operator' }>;

/** An operator took the administrator role back (`npm run admin:grant -- <email> --revoke`). */
export type RoleRevoked = Event<'RoleRevoked', { userId: string; role: Role; revokedBy: 'operator' }>;

/** Audit trail of sign-ins. Failures name the account only when it exists; the address itself is not kept. */
export type UserSignedIn = Event<'UserSignedIn', { userId: string }>;
export type SignInFailed = Event<
  'SignInFailed',
  { userId: string | null; emailKey: string; reason: 'invalid-credentials' | 'email-not-confirmed' }
>;

/** The events of an account's own stream. */
export type UserEvent =
  | UserRegistered
  | RegistrationRenewed
  | EmailConfirmed
  | SignUpAttempted
  | PasswordResetRequested
  | PasswordReset
  | RoleGranted
  | RoleRevoked;

export const userStream = (userId: string) => `user-${userId}`;
/** Sign-in audit events, appended unversioned (no decision depends on them). */
export const SIGN_IN_AUDIT_STREAM = 'sign-in-audit';
