import { describe, expect, it } from 'vitest';
import { isDisposableEmail } from './disposable-email.js';

describe('isDisposableEmail', () => {
  it.each(['someone@mailinator.com', 'a@10minutemail.com', 'x@YOPMAIL.com', 'inbox@team.mailinator.com'])('flags %s', (email) => {
    expect(isDisposableEmail(email)).toBe(true);
  });

  it.each(['ada@gmail.com', 'grace@example.com', 'me@company.co.uk', 'mailinator.com@example.org', 'x@com'])('leaves %s alone', (email) => {
    expect(isDisposableEmail(email)).toBe(false);
  });
});
