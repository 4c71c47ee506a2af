import { describe, expect, it } from 'vitest';
import { sessionDuration, sessionTiming } from './session-duration.js';

const t = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, 0) + seconds * 1000).toISOString();

describe('sessionDuration', () => {
  it('runs from the first event to the session end', () => {
    expect(sessionDuration({ firstEventAt: 0, lastEventAt: 120_000, lastPage: { viewedAt: 20_000, seconds: 50 } })).toBe(120);
  });

  it('counts the last page until it was left when that is after the last event', () => {
    expect(sessionDuration({ firstEventAt: 0, lastEventAt: 10_000, lastPage: { viewedAt: 10_000, seconds: 40 } })).toBe(50);
  });

  it('without an end or the last page’s time, is the span of the events (not 0)', () => {
    expect(sessionDuration({ firstEventAt: 0, lastEventAt: 7_000, lastPage: { viewedAt: 0, seconds: null } })).toBe(7);
  });

  it('is 0 for a session of one moment, and rounds to whole seconds', () => {
    expect(sessionDuration({ firstEventAt: 5, lastEventAt: 5, lastPage: null })).toBe(0);
    expect(sessionDuration({ firstEventAt: 0, lastEventAt: 1_600, lastPage: null })).toBe(2);
  });
});

describe('sessionTiming', () => {
  it('takes the first and last of start, page views, interactions and end, and the page viewed last', () => {
    const timing = sessionTiming(
      { start_time: t(0), end_time: null },
      [
        { timestamp: t(10), time_on_page: 40 },
        { timestamp: t(0), time_on_page: 30 },
      ],
      [{ timestamp: t(7) }],
    );
    expect(timing).toEqual({
      firstEventAt: Date.parse(t(0)),
      lastEventAt: Date.parse(t(10)),
      lastPage: { viewedAt: Date.parse(t(10)), seconds: 40 },
    });
    expect(sessionDuration(timing)).toBe(50);
  });

  it('reads Date values as well as ISO text, and a session end after every page', () => {
    const timing = sessionTiming(
      { start_time: new Date(t(0)), end_time: new Date(t(300)) },
      [{ timestamp: new Date(t(10)), time_on_page: 200 }],
      [],
    );
    expect(sessionDuration(timing)).toBe(300);
  });
});
