import { describe, expect, it } from 'vitest';
import { MemoryHitCounter } from './hit-counter.js';

describe('MemoryHitCounter', () => {
  it('counts hits per key within a window, and starts again when it ends', async () => {
    let now = 1_000;
    const counter = new MemoryHitCounter(() => now);
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    now += 10_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, msLeft: 50_000 });
    expect(await counter.hit('b', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    now += 50_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
  });

  it('forgets ended windows, so one-off keys cannot grow it without bound', async () => {
    let now = 0;
    const counter = new MemoryHitCounter(() => now);
    for (let i = 0; i < 5_000; i++) await counter.hit(`client-${i}`, 1_000);
    now += 1_000;
    for (let i = 0; i < 1_000; i++) await counter.hit('same', 1_000);
    expect(counter.size).toBeLessThanOrEqual(1_001);
  });
});
