import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.js';

describe('formatDuration (spec §9)', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [59, '59s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [3599, '59m 59s'],
    [3600, '1h 0m'],
    [3780, '1h 3m'],
    [90_061, '25h 1m'],
    [12.7, '12s'],
    [-5, '0s'],
    [Number.NaN, '0s'],
  ])('%s seconds → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
