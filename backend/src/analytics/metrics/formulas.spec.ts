import { describe, expect, it } from 'vitest';
import { addDays, dateRangeQuery, dayIn, previousRange, startOfDay, toRange } from './date-range.js';
import { average, percent, quizCompletionRate, percentChange, round, userReturnRate } from './formulas.js';

describe('engagement formulas', () => {
  it('rounds half away from zero', () => {
    expect(round(2.45, 1)).toBe(2.5);
    expect(round(2.5)).toBe(3);
    expect(round(-2.5)).toBe(-3);
  });

  it('gives 0 instead of dividing by zero', () => {
    expect(percent(3, 0)).toBe(0);
    expect(average(10, 0)).toBe(0);
    expect(quizCompletionRate(2, 0)).toBe(0);
    expect(userReturnRate(0, 0)).toBe(0);
  });

  it('computes the quiz completion rate as quiz results / home page views × 100, one decimal', () => {
    expect(quizCompletionRate(1, 3)).toBe(33.3);
    expect(quizCompletionRate(2, 3)).toBe(66.7);
    expect(quizCompletionRate(5, 4)).toBe(125);
  });

  it('computes the return rate as the share of returning visitors', () => {
    expect(userReturnRate(4, 1)).toBe(25);
    expect(userReturnRate(3, 3)).toBe(100);
  });

  it('averages to the requested precision', () => {
    expect(average(100, 3)).toBe(33);
    expect(average(7, 3, 1)).toBe(2.3);
  });

  it('gives the change against the previous period in whole percent, null when there is no ratio', () => {
    expect(percentChange(112, 100)).toBe(12);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(103, 40)).toBe(158);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });
});

describe('date ranges', () => {
  it('defaults to today, UTC', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(dateRangeQuery.parse({})).toEqual(toRange(today, today));
  });

  it('defaults to today in the zone asked for', () => {
    const today = dayIn(new Date(), 'Pacific/Kiritimati');
    expect(dateRangeQuery.parse({ tz: 'Pacific/Kiritimati' })).toMatchObject({ from: today, to: today, timeZone: 'Pacific/Kiritimati' });
  });

  it('counts days in the zone: a Berlin day begins at 23:00 or 22:00 UTC, and the day of the change lasts 23 hours', () => {
    expect(dateRangeQuery.parse({ from: '2026-03-28', to: '2026-03-29', tz: 'Europe/Berlin' })).toEqual({
      from: '2026-03-28',
      to: '2026-03-29',
      timeZone: 'Europe/Berlin',
      days: 2,
      start: new Date('2026-03-27T23:00:00Z'),
      end: new Date('2026-03-29T22:00:00Z'),
    });
    expect(startOfDay('2026-10-25', 'Europe/Berlin')).toEqual(new Date('2026-10-24T22:00:00Z'));
    expect(startOfDay('2026-10-26', 'Europe/Berlin')).toEqual(new Date('2026-10-25T23:00:00Z'));
    expect(startOfDay('2026-03-08', 'America/New_York')).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(startOfDay('2026-03-09', 'America/New_York')).toEqual(new Date('2026-03-09T04:00:00Z'));
    // Midnight skipped (the clocks go from 24:00 to 01:00): the day begins at 01:00.
    expect(startOfDay('2026-09-06', 'America/Santiago')).toEqual(new Date('2026-09-06T04:00:00Z'));
  });

  it('gives the previous range of the same length, in the same zone', () => {
    expect(previousRange(toRange('2026-03-29', '2026-04-27', 'Europe/Berlin'))).toMatchObject({
      from: '2026-02-27',
      to: '2026-03-28',
      days: 30,
      start: new Date('2026-02-26T23:00:00Z'),
      end: new Date('2026-03-28T23:00:00Z'),
    });
    expect(previousRange(toRange('2026-03-01', '2026-03-01'))).toMatchObject({ from: '2026-02-28', to: '2026-02-28', days: 1 });
  });

  it('covers whole days, `to` included', () => {
    expect(dateRangeQuery.parse({ from: '2026-02-27', to: '2026-03-01' })).toEqual({
      from: '2026-02-27',
      to: '2026-03-01',
      timeZone: 'UTC',
      days: 3,
      start: new Date('2026-02-27T00:00:00Z'),
      end: new Date('2026-03-02T00:00:00Z'),
    });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it.each([
    [{ from: '2026-13-01' }, 'from', 'Not a calendar date.'],
    [{ from: '2026-02-30' }, 'from', 'Not a calendar date.'],
    [{ from: '22/11/2026' }, 'from', 'Use the form YYYY-MM-DD.'],
    [{ from: '2026-11-22', to: '2026-11-21' }, 'to', 'Must not be before from.'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'to', 'At most 400 days.'],
    [{ from: '2025-01-01', to: '2026-02-05' }, 'to', 'At most 400 days.'],
    [{ tz: 'Mars/Olympus' }, 'tz', 'Must be an IANA time zone, such as Europe/Berlin.'],
    [{ tz: '+02:00' }, 'tz', 'Must be an IANA time zone, such as Europe/Berlin.'],
  ])('refuses %j', (query, field, message) => {
    const result = dateRangeQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });
});
