import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.js';

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
