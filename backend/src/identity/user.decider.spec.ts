import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/decider-spec.js';
import { userDecider, type UserCommand } from './user.decider.js';
import type { UserEvent } from './user.events.js';

const spec = DeciderSpecification.for(userDecider);
const USER = 'u-1';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: USER, email: 'ada@example.com', displayName: 'Mallory', redirectTo: '/' },
};
const renewed = (registrationId: string): UserEvent => ({
  type: 'RegistrationRenewed',
  data: { userId: USER, registrationId, email: 'ada@example.com', displayName: 'ada', redirectTo: '/' },
});
const confirmed = (via: 'link' | 'operator' | 'password-reset' = 'link'): UserEvent => ({
  type: 'EmailConfirmed',
  data: { userId: USER, via },
});
const resetAsked = (resetId: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId: USER, email: 'ada@example.com', resetId },
});
const reset = (resetId: string): UserEvent => ({ type: 'PasswordReset', data: { userId: USER, resetId } });
const signUpAgain: UserCommand = {
  type: 'SignUpAgain',
  registrationId: 'r-2',
  email: 'Ada@example.com',
  displayName: 'ada',
  redirectTo: '/',
};

describe('userDecider', () => {
  describe('signing up with the address of an existing account', () => {
    it('replaces a registration nobody confirmed: new registration, new link', () => {
      spec
        .given([registered])
        .when(signUpAgain)
        .then([
          {
            type: 'RegistrationRenewed',
            data: { userId: USER, registrationId: 'r-2', email: 'Ada@example.com', displayName: 'ada', redirectTo: '/' },
          },
        ]);
    });

    it("changes nothing of a confirmed account and tells its owner, at the account's own address", () => {
      spec
        .given([registered, confirmed()])
        .when(signUpAgain)
        .then([{ type: 'SignUpAttempted', data: { userId: USER, email: 'ada@example.com' } }]);
    });
  });

  describe('confirming', () => {
    it('confirms with the link of the first registration (named by the account id)', () => {
      spec.given([registered]).when({ type: 'ConfirmEmail', registrationId: USER, password: 'none' }).then([confirmed()]);
    });

    it('refuses the link of a registration that was replaced, and takes the latest one', () => {
      spec
        .given([registered, renewed('r-2')])
        .when({ type: 'ConfirmEmail', registrationId: USER, password: 'none' })
        .thenThrows(/invalid or has expired/);
      spec
        .given([registered, renewed('r-2'), renewed('r-3')])
        .when({ type: 'ConfirmEmail', registrationId: 'r-2', password: 'right' })
        .thenThrows(/invalid/);
      spec
        .given([registered, renewed('r-2')])
        .when({ type: 'ConfirmEmail', registrationId: 'r-2', password: 'right' })
        .then([confirmed()]);
    });

    it("asks for the registration's password once more than one sign-up used the address", () => {
      const confirm = (password: 'none' | 'wrong' | 'right'): UserCommand => ({ type: 'ConfirmEmail', registrationId: 'r-2', password });
      spec
        .given([registered, renewed('r-2')])
        .when(confirm('none'))
        .thenThrows(/enter the password you chose when you signed up/);
      spec
        .given([registered, renewed('r-2')])
        .when(confirm('wrong'))
        .thenThrows(/not the password of the latest sign-up/);
      spec
        .given([registered, renewed('r-2')])
        .when(confirm('right'))
        .then([confirmed()]);
      // A single sign-up is confirmed by its link alone.
      spec.given([registered]).when({ type: 'ConfirmEmail', registrationId: USER, password: 'none' }).then([confirmed()]);
    });

    it('works once', () => {
      spec
        .given([registered, confirmed()])
        .when({ type: 'ConfirmEmail', registrationId: USER, password: 'none' })
        .thenThrows(/already been used/);
    });
  });

  describe('password reset', () => {
    it('asks for a link to the account address', () => {
      spec
        .given([registered, confirmed()])
        .when({ type: 'RequestPasswordReset', resetId: 'x-1' })
        .then([resetAsked('x-1')]);
    });

    it('resets with an open link, once; any reset closes the other links too', () => {
      spec
        .given([registered, confirmed(), resetAsked('x-1')])
        .when({ type: 'ResetPassword', resetId: 'x-1' })
        .then([reset('x-1')]);
      spec
        .given([registered, confirmed(), resetAsked('x-1'), reset('x-1')])
        .when({ type: 'ResetPassword', resetId: 'x-1' })
        .thenThrows(/invalid, has expired or has already been used/);
      spec
        .given([registered, confirmed(), resetAsked('x-1'), resetAsked('x-2'), reset('x-2')])
        .when({ type: 'ResetPassword', resetId: 'x-1' })
        .thenThrows(/already been used/);
    });

    it('refuses a link that was never asked for', () => {
      spec
        .given([registered, confirmed()])
        .when({ type: 'ResetPassword', resetId: 'x-9' })
        .thenThrows(/Please ask for a new one/);
    });

    it("keeps the owner's link open when someone signs up with the address again: the link went to the owner", () => {
      spec
        .given([registered, resetAsked('x-1'), renewed('r-2')])
        .when({ type: 'ResetPassword', resetId: 'x-1' })
        .then([reset('x-1'), confirmed('password-reset')]);
    });

    it('confirms an address that was not confirmed yet: the link was sent there', () => {
      spec
        .given([registered, resetAsked('x-1')])
        .when({ type: 'ResetPassword', resetId: 'x-1' })
        .then([reset('x-1'), confirmed('password-reset')]);
    });
  });

  describe('an operator replacing a registration', () => {
    it('replaces one nobody confirmed, confirmed at once, leading to the console', () => {
      spec
        .given([registered])
        .when({ type: 'ReplaceByOperator', registrationId: 'r-2', email: 'ada@example.com', displayName: 'ada' })
        .then([
          {
            type: 'RegistrationRenewed',
            data: {
              userId: USER,
              registrationId: 'r-2',
              email: 'ada@example.com',
              displayName: 'ada',
              redirectTo: '/admin/dashboard',
              createdBy: 'operator',
            },
          },
          confirmed('operator'),
        ]);
    });

    it('never takes a confirmed account from its owner', () => {
      spec
        .given([registered, confirmed()])
        .when({ type: 'ReplaceByOperator', registrationId: 'r-2', email: 'ada@example.com', displayName: 'ada' })
        .thenThrows(/its owner keeps their password/);
    });
  });
});
