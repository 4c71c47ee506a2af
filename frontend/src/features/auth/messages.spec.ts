import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { signInErrorMessage, signUpErrorMessage, signUpProblem } from './messages';

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
  it('maps an existing account to the spec sentence', () => {
    expect(signUpErrorMessage(new ApiError(409, 'AUTH.USER_EXISTS', 'User already registered'))).toBe(
      'This email is already registered. Please sign in instead.',
    );
  });

  it('checks that passwords match before their length', () => {
    expect(signUpProblem('abc', 'abd')).toBe('Passwords do not match.');
    expect(signUpProblem('abc', 'abc')).toBe('Password must be at least 6 characters long.');
    expect(signUpProblem('abcdef', 'abcdef')).toBeNull();
  });
});
