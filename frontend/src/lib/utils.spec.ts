import { describe, expect, it } from 'vitest';
import { cn, countOf, formatInteger } from './utils';

describe('formatInteger', () => {
  it('separates thousands the en-US way and rounds to a whole number', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(1234.6)).toBe('1,235');
  });

  it('writes what Intl.NumberFormat writes for en-US whole numbers', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [1, 12, 123, 1234, 12345, 123456, 1234567, 9_007_199_254_740_991, -5, -1234, -987654.2, 999.5, 1e15])
      expect(formatInteger(value)).toBe(intl.format(value));
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
