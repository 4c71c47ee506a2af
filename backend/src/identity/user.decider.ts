/**
 * An account's rules, decided on its own stream (`user-<id>`): who may replace a pending registration, which
 * confirmation link still counts, and which reset links may still change the password. The `users` table
 * keeps what sign-in needs (the password hash, whether the address is confirmed); the handlers update it in
 * the transaction that appends what is decided here.
 */
import { DomainError, ValidationError } from '../shared/errors/domain-error.js';
import type {
  EmailConfirmed,
  PasswordReset,
  PasswordResetRequested,
  RegistrationRenewed,
  SignUpAttempted,
  UserEvent,
} from './user.events.js';

export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired. Please sign up again or ask for a new link.';
export const CONFIRMATION_USED = 'This confirmation link has already been used. Please sign in.';
export const CONFIRMATION_PASSWORD_REQUIRED =
  'More than one sign-up used this address. To confirm your account, enter the password you chose when you signed up.';
export const CONFIRMATION_PASSWORD_WRONG =
  'This is not the password of the latest sign-up with this address. If you did not choose it, sign up again: only the link of your sign-up will confirm it.';
export const RESET_LINK_INVALID = 'This password reset link is invalid, has expired or has already been used. Please ask for a new one.';
export const ACCOUNT_CONFIRMED_ALREADY = 'This account already exists; its owner keeps their password. Run again without --password.';

type Destination = '/' | '/admin/dashboard';

export type UserCommand =
  /** A sign-up with the address of this existing account. */
  | { type: 'SignUpAgain'; registrationId: string; email: string; displayName: string; redirectTo: Destination }
  /** An operator makes this account an administrator's with a password of their choosing (`admin:grant --password`). */
  | { type: 'ReplaceByOperator'; registrationId: string; email: string; displayName: string }
  /** `password`: whether the visitor gave the password of the registration (none given, wrong, right). */
  | { type: 'ConfirmEmail'; registrationId: string; password: 'none' | 'wrong' | 'right' }
  | { type: 'RequestPasswordReset'; resetId: string }
  | { type: 'ResetPassword'; resetId: string };

export interface UserState {
  userId: string | null;
  email: string | null;
  confirmed: boolean;
  /** The registration whose confirmation link counts; null once the address is confirmed. */
  registrationId: string | null;
  /**
   * More than one sign-up used the address. Its owner may get a link for a stranger's registration (made
   * after their own), so following a link then also takes the registration's password.
   */
  contested: boolean;
  /** Reset links asked for since the password was last reset. */
  openResets: readonly string[];
}

export const initialUserState: UserState = {
  userId: null,
  email: null,
  confirmed: false,
  registrationId: null,
  contested: false,
  openResets: [],
};

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...initialUserState, userId: event.data.userId, email: event.data.email, registrationId: event.data.userId };
    case 'RegistrationRenewed':
      // Reset links stay open: they went to the address, so whoever holds one is its owner, and a renewed
      // sign-up (anyone may type the address) must not take the owner's way in away.
      return {
        ...state,
        email: event.data.email,
        registrationId: event.data.registrationId,
        contested: state.contested || event.data.createdBy !== 'operator',
      };
    case 'EmailConfirmed':
      return { ...state, confirmed: true, registrationId: null };
    case 'PasswordResetRequested':
      return { ...state, openResets: [...state.openResets, event.data.resetId] };
    case 'PasswordReset':
      return { ...state, openResets: [] };
    case 'SignUpAttempted':
    case 'RoleGranted':
    case 'RoleRevoked':
      return state;
  }
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const userId = state.userId;
  if (userId === null) throw new Error(`${command.type}: the account has no history`);
  switch (command.type) {
    case 'SignUpAgain': {
      if (state.confirmed) return [{ type: 'SignUpAttempted', data: { userId, email: state.email! } } satisfies SignUpAttempted];
      const { registrationId, email, displayName, redirectTo } = command;
      return [
        { type: 'RegistrationRenewed', data: { userId, registrationId, email, displayName, redirectTo } } satisfies RegistrationRenewed,
      ];
    }
    case 'ReplaceByOperator': {
      if (state.confirmed) throw new DomainError('AUTH.ACCOUNT_EXISTS', ACCOUNT_CONFIRMED_ALREADY);
      const { registrationId, email, displayName } = command;
      const renewed: RegistrationRenewed = {
        type: 'RegistrationRenewed',
        data: { userId, registrationId, email, displayName, redirectTo: '/admin/dashboard', createdBy: 'operator' },
      };
      return [renewed, { type: 'EmailConfirmed', data: { userId, via: 'operator' } } satisfies EmailConfirmed];
    }
    case 'ConfirmEmail':
      if (state.confirmed) throw new DomainError('AUTH.CONFIRMATION_USED', CONFIRMATION_USED);
      // A link of a registration that was replaced since (by the owner signing up again) confirms nothing.
      if (command.registrationId !== state.registrationId) throw new DomainError('AUTH.CONFIRMATION_INVALID', CONFIRMATION_INVALID);
      if (state.contested && command.password === 'none') {
        throw new ValidationError(
          CONFIRMATION_PASSWORD_REQUIRED,
          { password: CONFIRMATION_PASSWORD_REQUIRED },
          'AUTH.CONFIRMATION_PASSWORD_REQUIRED',
        );
      }
      if (state.contested && command.password === 'wrong') {
        throw new ValidationError(
          CONFIRMATION_PASSWORD_WRONG,
          { password: CONFIRMATION_PASSWORD_WRONG },
          'AUTH.CONFIRMATION_PASSWORD_WRONG',
        );
      }
      return [{ type: 'EmailConfirmed', data: { userId, via: 'link' } } satisfies EmailConfirmed];
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId, email: state.email!, resetId: command.resetId },
        } satisfies PasswordResetRequested,
      ];
    case 'ResetPassword': {
      if (!state.openResets.includes(command.resetId)) throw new DomainError('AUTH.RESET_LINK_INVALID', RESET_LINK_INVALID);
      const reset: PasswordReset = { type: 'PasswordReset', data: { userId, resetId: command.resetId } };
      // Following a link sent to the address proves it is theirs, as the confirmation link would.
      return state.confirmed
        ? [reset]
        : [reset, { type: 'EmailConfirmed', data: { userId, via: 'password-reset' } } satisfies EmailConfirmed];
    }
  }
}

export const userDecider = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };
