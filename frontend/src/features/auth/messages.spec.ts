import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { passwordResetErrorMessage, signInErrorMessage, signUpErrorMessage, signUpProblem } from './messages';

describe('sign-in messages', () => {
  it('turns the provider sentences into the spec sentences', () => {
    expect(signInErrorMessage(new ApiError(401, 'AUTH.INVALID_CREDENTIALS', 'Invalid login credentials'))).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(signInErrorMessage(new ApiError(403, 'AUTH.EMAIL_NOT_CONFIRMED', 'Email not confirmed'))).toBe(
      'Please check your email and click the confirmation link before signing in.',
    );
  });

  it('shows other server messages as they are, and the generic sentence for the unexpected', () => {
    const limited = 'Too many attempts. Please wait a few minutes and try again.';
    expect(signInErrorMessage(new ApiError(429, 'RATE_LIMITED', limited))).toBe(limited);
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred. Please try again.');
    expect(signInErrorMessage(new ApiError(500, 'INTERNAL', 'boom'))).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('sign-up messages', () => {
  it('shows the server messages as they are (no sign-up answer tells that an address has an account)', () => {
    const limited = 'Too many attempts. Please wait a few minutes and try again.';
    expect(signUpErrorMessage(new ApiError(429, 'RATE_LIMITED', limited))).toBe(limited);
    expect(signUpErrorMessage(new ApiError(500, 'INTERNAL', 'boom'))).toBe('An unexpected error occurred. Please try again.');
  });

  it('checks that passwords match before their length', () => {
    expect(signUpProblem('abc', 'abd')).toBe('Passwords do not match.');
    expect(signUpProblem('abc', 'abc')).toBe('Password must be at least 6 characters long.');
    expect(signUpProblem('abcdef', 'abcdef')).toBeNull();
  });
});

describe('password reset messages', () => {
  it("shows the message of the form's field, else the server's message, else the generic sentence", () => {
    const short = new ApiError(400, 'VALIDATION_FAILED', 'password: Password must be at least 6 characters long.', {
      password: 'Password must be at least 6 characters long.',
    });
    expect(passwordResetErrorMessage(short, 'token', 'password')).toBe('Password must be at least 6 characters long.');
    const invalid = 'This password reset link is invalid, has expired or has already been used. Please ask for a new one.';
    expect(passwordResetErrorMessage(new ApiError(400, 'AUTH.RESET_LINK_INVALID', invalid), 'token', 'password')).toBe(invalid);
    expect(passwordResetErrorMessage(new TypeError('Failed to fetch'), 'email')).toBe('An unexpected error occurred. Please try again.');
  });
});
