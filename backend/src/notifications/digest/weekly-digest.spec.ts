import { describe, expect, it } from 'vitest';
import { lastWeek } from './weekly-digest.js';

describe('lastWeek', () => {
  it.each([
    ['2026-11-30T07:00:00Z', '2026-11-23', '2026-11-29'], // Monday, when the schedule fires
    ['2026-12-06T23:59:59Z', '2026-11-23', '2026-11-29'], // the Sunday after
    ['2026-01-01T00:00:00Z', '2025-12-22', '2025-12-28'], // across a year
  ])('on %s: %s to %s', (now, from, to) => {
    expect(lastWeek(new Date(now))).toEqual({ from, to });
  });
});
