import { describe, expect, it } from 'vitest';
import { engagementKey } from './api/get-engagement';
import {
  changeTone,
  describeChange,
  formatHour,
  formatPercent,
  formatHourShort,
  formatMinutesSeconds,
  leadsTitleCount,
  statusBadgeClass,
  suggestionReplyHref,
  topPeakHours,
} from './dashboard-rules';

describe('formats', () => {
  it.each([
    [0, '12 AM'],
    [1, '1 AM'],
    [11, '11 AM'],
    [12, '12 PM'],
    [13, '1 PM'],
    [23, '11 PM'],
  ])('hour %i is %s', (hour, label) => expect(formatHour(hour)).toBe(label));

  it.each([
    [0, '0m 0s'],
    [59, '0m 59s'],
    [125, '2m 5s'],
    [3725.4, '62m 5s'],
  ])('%s seconds on site is %s', (seconds, label) => expect(formatMinutesSeconds(seconds)).toBe(label));

  it('keeps the five busiest hours, busiest first', () => {
    const hours = [3, 9, 1, 7, 5, 2].map((sessions, hour) => ({ hour, sessions }));
    expect(topPeakHours(hours).map((h) => h.hour)).toEqual([1, 3, 4, 0, 5]);
  });
});

describe('changes against the previous period', () => {
  it.each([
    [{ previous: 100, percent: 12 }, 30, '+12% vs previous 30 days', 'up'],
    [{ previous: 40, percent: -8 }, 1, '-8% vs previous day', 'down'],
    [{ previous: 3, percent: 0 }, 1, 'No change vs previous day', 'flat'],
    [{ previous: 0, percent: null }, 7, 'Up from 0 vs previous 7 days', 'up'],
    [{ previous: null, percent: null }, 1, 'No data for the previous day', 'none'],
  ] as const)('%j over %i days reads %s', (change, days, text, direction) => {
    expect(describeChange(change, days)).toEqual({ text, direction });
  });

  it('colours a rise green and a fall red, the other way round where less is better (bounce rate)', () => {
    expect([changeTone('up'), changeTone('down'), changeTone('flat'), changeTone('none')]).toEqual(['good', 'bad', 'neutral', 'neutral']);
    expect([changeTone('up', true), changeTone('down', true), changeTone('flat', true)]).toEqual(['bad', 'good', 'neutral']);
  });

  it('writes rates with one decimal at most', () => {
    expect([40, 16.66, 0, 100].map(formatPercent)).toEqual(['40%', '16.7%', '0%', '100%']);
  });

  it('asks for today as the cards do, and for a longer period ending today in the admin’s zone', () => {
    // 23:30 UTC on Nov 27 is already Nov 28 in Berlin.
    const now = new Date('2026-11-27T23:30:00Z');
    expect(engagementKey('today', 'Europe/Berlin', now)).toBe('/admin/analytics/engagement?tz=Europe%2FBerlin');
    expect(engagementKey('7d', 'Europe/Berlin', now)).toBe('/admin/analytics/engagement?from=2026-11-22&to=2026-11-28&tz=Europe%2FBerlin');
    expect(engagementKey('30d', 'UTC', now)).toBe('/admin/analytics/engagement?from=2026-10-29&to=2026-11-27&tz=UTC');
  });

  it('labels the chart’s hours short', () => {
    expect([0, 6, 12, 18].map(formatHourShort)).toEqual(['12a', '6a', '12p', '6p']);
  });
});

describe('status badges', () => {
  it.each([
    ['new', 'red'],
    ['unread', 'red'],
    ['triaged', 'yellow'],
    ['read', 'yellow'],
    ['done', 'green'],
    ['replied', 'green'],
    ['archived', 'slate'],
  ])('%s is %s', (status, colour) => expect(statusBadgeClass(status)).toContain(`bg-${colour}-100`));
});

describe('leads title', () => {
  it('titles filtered over total, or total over 100 when unfiltered', () => {
    expect(leadsTitleCount(2, 4, true)).toBe('2/4');
    expect(leadsTitleCount(4, 4, false)).toBe('4/100');
  });
});

describe('messages', () => {
  it('drafts a reply to a suggestion with a subject about it', () => {
    const href = suggestionReplyHref({ email: 'ada@example.com', suggestion_text: 'A rota planner & more' });
    expect(href).toBe(`mailto:ada@example.com?subject=${encodeURIComponent('Re: Your suggestion for Unsheet: A rota planner & more')}`);
    const long = suggestionReplyHref({ email: 'a@b.co', suggestion_text: 'x'.repeat(80) });
    expect(decodeURIComponent(long.split('subject=')[1]!)).toBe(`Re: Your suggestion for Unsheet: ${'x'.repeat(50)}...`);
  });
});
