import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from './eventually.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An assertion that fails (throws `try N`) until its `passOn`-th try, counting its tries. */
function failingUntil(passOn: number) {
  const assertion = vi.fn(() => {
    if (assertion.mock.calls.length < passOn) throw new Error(`try ${assertion.mock.calls.length}`);
    return 'passed';
  });
  return assertion;
}

describe('eventually', () => {
  it('resolves with what a passing assertion returns, at once', async () => {
    const assertion = vi.fn(() => 42);
    await expect(eventually(assertion)).resolves.toBe(42);
    expect(assertion).toHaveBeenCalledTimes(1);
  });

  it('passes an assertion that returns nothing, or a falsy value other than false', async () => {
    await expect(
      eventually(() => {
        expect(1).toBe(1);
      }),
    ).resolves.toBeUndefined();
    await expect(eventually(() => 0)).resolves.toBe(0);
    await expect(eventually(async () => null)).resolves.toBeNull();
  });

  it('tries again every interval until the assertion passes', async () => {
    const assertion = failingUntil(3);
    const result = eventually(assertion, { timeout: 1000, interval: 10 });
    await vi.advanceTimersByTimeAsync(9);
    expect(assertion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(assertion).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe('passed');
    expect(assertion).toHaveBeenCalledTimes(3);
  });

  it('takes false for a condition not met yet', async () => {
    let ready = false;
    const result = eventually(() => ready, { timeout: 1000, interval: 10 });
    await vi.advanceTimersByTimeAsync(50);
    ready = true;
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe(true);
  });

  it('throws the last failure, not the first, once time is up', async () => {
    const assertion = failingUntil(Infinity);
    const result = eventually(assertion, { timeout: 100, interval: 30 });
    const failed = expect(result).rejects.toThrow('try 5');
    await vi.advanceTimersByTimeAsync(100);
    await failed;
    // At 0, 30, 60 and 90 ms, then once more at the deadline: the pause before it is cut short.
    expect(assertion).toHaveBeenCalledTimes(5);
  });

  it('says how long it waited when the condition stayed false', async () => {
    const result = eventually(() => false, { timeout: 200 });
    const failed = expect(result).rejects.toThrow('condition still false after 200 ms');
    await vi.advanceTimersByTimeAsync(200);
    await failed;
  });

  it('rethrows the very error the assertion threw (an expect failure keeps its diff)', async () => {
    const error = new Error('expected 1 to be 2');
    const result = eventually(
      () => {
        throw error;
      },
      { timeout: 50 },
    );
    const failed = expect(result).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(50);
    await failed;
  });

  it('waits for a try that is still running at the deadline, and tries no more after it', async () => {
    const slow = vi.fn(() => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('too slow')), 300)));
    const result = eventually(slow, { timeout: 100 });
    const failed = expect(result).rejects.toThrow('too slow');
    await vi.advanceTimersByTimeAsync(300);
    await failed;
    expect(slow).toHaveBeenCalledTimes(1);
  });
});
