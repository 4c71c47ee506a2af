import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../../contracts/email';
import { validateEmail } from './validation';

describe('validateEmail', () => {
  it.each(['', '   ', '\t\n'])('asks for an email when the field is blank (%j)', (email) => {
    expect(validateEmail(email)).toEqual({ title: 'Email required', description: 'Please enter your email address.' });
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@exa mple.com', 'ana@@example.com'])(
    'rejects %j as invalid',
    (email) => {
      expect(validateEmail(email)).toEqual({ title: 'Invalid email', description: 'Please enter a valid email address.' });
    },
  );

  it.each(['ana@example.com', 'ana.silva+news@mail.example.co.uk', '  ana@example.com  '])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
});

describe('isValidEmail', () => {
  it('ignores surrounding spaces but not inner ones', () => {
    expect(isValidEmail(' ana@example.com ')).toBe(true);
    expect(isValidEmail('ana@example .com')).toBe(false);
  });
});
