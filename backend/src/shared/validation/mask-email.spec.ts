import { describe, expect, it } from 'vitest';
import { maskAddressesIn, maskEmail } from './mask-email.js';

describe('maskEmail', () => {
  it.each([
    ['john@example.com', 'jo***@example.com'],
    ['jo@example.com', 'j***@example.com'],
    ['j@example.com', 'j***@example.com'],
    ['ana.silva+promo@mail.example.co.uk', 'an***@mail.example.co.uk'],
    ['élodie@exemple.fr', 'él***@exemple.fr'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('never shows more than two characters of the local part', () => {
    const masked = maskEmail('averyveryverylongname@example.com');
    expect(masked).toBe('av***@example.com');
    expect(masked).not.toContain('very');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});

describe('maskAddressesIn', () => {
  it.each([
    ['550 5.1.1 <erasee.person@example.com>: Recipient address rejected', '550 5.1.1 <er***@example.com>: Recipient address rejected'],
    ['/api/admin/analytics/leads/erasee.person%40example.com/activity', '/api/admin/analytics/leads/er***@example.com/activity'],
    ['/r/erasee.person%40EXAMPLE.com', '/r/er***@EXAMPLE.com'],
    ['two: a.b@x.io and c+d@y.example.org', 'two: a.***@x.io and c+***@y.example.org'],
    ['/app/erin%2Eerase%40example%2eorg', '/app/er***@example.org'],
    ['/app/erin.erase%2540example.org', '/app/er***@example.org'],
    ['no address here, just 100% and @home', 'no address here, just 100% and @home'],
  ])('masks %s', (text, masked) => {
    expect(maskAddressesIn(text)).toBe(masked);
  });
});
