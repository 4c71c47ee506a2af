import { describe, expect, it } from 'vitest';
import { addDays, dateRangeQuery, toRange } from './date-range.js';
import { average, percent, quizCompletionRate, round, sessionTimeSpent, userReturnRate } from './formulas.js';

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

  it('counts a session’s time as its time on site, or its pages’ times when those are more', () => {
    expect(sessionTimeSpent(120, [30, 40])).toBe(120);
    expect(sessionTimeSpent(null, [30, null, 40])).toBe(70);
    expect(sessionTimeSpent(null, [])).toBe(0);
  });
});

describe('date ranges', () => {
  it('defaults to today, UTC', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(dateRangeQuery.parse({})).toEqual(toRange(today, today));
  });

  it('covers whole days, `to` included', () => {
    expect(dateRangeQuery.parse({ from: '2026-02-27', to: '2026-03-01' })).toEqual({
      from: '2026-02-27',
      to: '2026-03-01',
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
  ])('refuses %j', (query, field, message) => {
    const result = dateRangeQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });
});
