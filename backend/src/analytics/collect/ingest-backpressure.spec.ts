import { describe, expect, it } from 'vitest';
import { RecentEvents, SHARE_WINDOW_MS } from './ingest-backpressure.js';

describe('the recent events per client of the ingest’s flow control', () => {
  it('takes a client that sent at least the mean per client for one of those filling the log', () => {
    const recent = new RecentEvents(() => 0);
    recent.add('flood', 500);
    recent.add('visitor', 10);
    recent.add('other', 20);
    expect(recent.atLeastEvenShare('flood')).toBe(true);
    expect(recent.atLeastEvenShare('visitor')).toBe(false);
    expect(recent.atLeastEvenShare('other')).toBe(false);
    expect(recent.atLeastEvenShare('unknown')).toBe(false);
  });

  it('counts the current window and the one before it, and forgets what is older', () => {
    let now = 0;
    const recent = new RecentEvents(() => now);
    recent.add('flood', 500);
    now = SHARE_WINDOW_MS + 1;
    recent.add('visitor', 10);
    expect(recent.atLeastEvenShare('flood')).toBe(true);
    expect(recent.atLeastEvenShare('visitor')).toBe(false);
    now = 2 * SHARE_WINDOW_MS + 1;
    recent.add('visitor', 10);
    // The flood is two windows old: the visitor is now the one sending.
    expect(recent.atLeastEvenShare('flood')).toBe(false);
    expect(recent.atLeastEvenShare('visitor')).toBe(true);
    now = 10 * SHARE_WINDOW_MS;
    expect(recent.atLeastEvenShare('visitor')).toBe(false);
  });
});
