import { describe, expect, it } from 'vitest';
import {
  dayOffset,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatDuration,
  formatEuros,
  isTopPosition,
  pathOf,
  questionLabel,
  trafficTypeLabel,
} from './format';

describe('formatDuration (spec §9)', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [59.9, '59s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [3599, '59m 59s'],
    [3600, '1h 0m'],
    [3780, '1h 3m'],
    [-5, '0s'],
    [Number.NaN, '0s'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatEuros', () => {
  it.each([
    [0, '€0.00'],
    [12.5, '€12.50'],
    [0.005, '€0.01'],
    [1234.567, '€1,234.57'],
    [-3, '-€3.00'],
    [Number.NaN, '€0.00'],
  ])('%s → %s', (amount, text) => {
    expect(formatEuros(amount)).toBe(text);
  });
});

describe('dates', () => {
  it('formats in the zone given', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z', 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T23:30:00.000Z', 'Europe/Berlin')).toBe('Nov 23, 2026');
    expect(formatDateTime('2026-11-22T09:05:00.000Z', 'UTC')).toBe('Nov 22, 2026, 09:05 UTC');
    expect(formatDateTime('2026-11-22T09:05:00.000Z', 'Europe/Berlin')).toBe('Nov 22, 2026, 10:05 GMT+1');
    // Summer time: two hours ahead.
    expect(formatDateTime('2026-03-30T08:30:00.000Z', 'Europe/Berlin')).toBe('Mar 30, 2026, 10:30 GMT+2');
  });

  it('names the zone once next to a time', () => {
    expect(formatDateTimeWithZone('2026-11-22T15:50:00.000Z', 'UTC')).toBe('Nov 22, 2026, 15:50 UTC');
    expect(formatDateTimeWithZone('2026-11-22T09:05:00.000Z', 'Europe/Berlin')).toBe('Nov 22, 2026, 10:05 GMT+1 (Europe/Berlin)');
    expect(formatDateTimeWithZone('2026-11-22T15:50:00.000Z', 'America/New_York')).toBe('Nov 22, 2026, 10:50 EST (America/New_York)');
  });

  it('counts days from the zone’s today', () => {
    expect(dayOffset(-1, 'UTC', new Date('2026-03-01T12:00:00Z'))).toBe('2026-02-28');
    expect(dayOffset(0, 'UTC', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
    expect(dayOffset(0, 'Europe/Berlin', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(dayOffset(-29, 'Europe/Berlin', new Date('2026-03-01T23:30:00Z'))).toBe('2026-02-01');
  });
});

describe('isTopPosition', () => {
  it('highlights positions at or below 10', () => {
    expect([1, 9.9, 10, 10.1, 35].map(isTopPosition)).toEqual([true, true, true, false, false]);
  });
});

describe('pathOf', () => {
  it('keeps the path and query of a URL', () => {
    expect(pathOf('https://unsheet.app/app/invoice-chaser?utm_source=x#top')).toBe('/app/invoice-chaser?utm_source=x');
    expect(pathOf('/about')).toBe('/about');
  });
});

describe('questionLabel', () => {
  it('adds a colon only where the question has no punctuation of its own', () => {
    expect(questionLabel('How many people would use it?')).toBe('How many people would use it?');
    expect(questionLabel('Team size')).toBe('Team size:');
    expect(questionLabel('Pick one: ')).toBe('Pick one:');
    expect(questionLabel('')).toBe('');
  });
});

describe('trafficTypeLabel', () => {
  it.each([
    ['ai', 'AI'],
    ['search', 'Search'],
    ['paid', 'Paid'],
    ['direct', 'Direct'],
    ['unknown', 'Unknown'],
    ['newsletter', 'newsletter'],
  ])('names %s as %s', (type, label) => {
    expect(trafficTypeLabel(type)).toBe(label);
  });
});
