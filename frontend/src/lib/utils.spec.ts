import { describe, expect, it } from 'vitest';
import { cn, countOf, formatInteger } from './utils';

describe('formatInteger', () => {
  it('separates thousands the en-US way and rounds to a whole number', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(1234.6)).toBe('1,235');
  });
});

describe('cn', () => {
  it('lets a later Tailwind class win over an earlier one', () => {
    const hidden = false;
    expect(cn('px-2 text-sm', hidden && 'hidden', 'px-4')).toBe('text-sm px-4');
  });
});

describe('countOf', () => {
  it('says one thing in the singular, any other count in the plural, with thousands separated', () => {
    expect(countOf(1, 'view', 'views')).toBe('1 view');
    expect(countOf(0, 'view', 'views')).toBe('0 views');
    expect(countOf(1234, 'page view', 'page views')).toBe('1,234 page views');
  });
});
