import { describe, expect, it } from 'vitest';
import { isPermanent } from './email-sender.js';

/** An error as nodemailer's SMTP connection makes it: the reply's code and the command it answered. */
const smtpError = (responseCode: number, command: string) => Object.assign(new Error('refused'), { responseCode, command });

describe('isPermanent', () => {
  it('calls a 5xx reply to RCPT TO or DATA a refusal for good', () => {
    for (const code of [550, 551, 553, 554]) expect(isPermanent(smtpError(code, 'RCPT TO'))).toBe(true);
    expect(isPermanent(smtpError(554, 'DATA'))).toBe(true);
  });

  it('retries a 4xx reply and a network error', () => {
    expect(isPermanent(smtpError(450, 'RCPT TO'))).toBe(false);
    expect(isPermanent(smtpError(451, 'DATA'))).toBe(false);
    expect(isPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanent(new Error('Unknown e-mail template "x"'))).toBe(false);
    expect(isPermanent(undefined)).toBe(false);
  });

  it('retries a 5xx that says our relay, account or sender is at fault, not the recipient', () => {
    expect(isPermanent(smtpError(535, 'AUTH PLAIN'))).toBe(false);
    expect(isPermanent(smtpError(554, 'CONN'))).toBe(false);
    expect(isPermanent(smtpError(553, 'MAIL FROM'))).toBe(false);
  });
});
