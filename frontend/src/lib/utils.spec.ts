import { describe, expect, it } from 'vitest';
import { cn, formatInteger } from './utils';

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
