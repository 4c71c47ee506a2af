/**
 * Waiting for a condition instead of for a fixed time, in every kind of test (unit, integration, HTTP,
 * browser) and in the benchmarks: a fixed sleep is too short on a slow machine and too long on a fast one.
 * Pure: no database, no vitest, so any of them can import it.
 */

export interface EventuallyOptions {
  /** How long to keep trying, in ms. */
  timeout?: number;
  /** The pause between two tries, in ms. */
  interval?: number;
}

/**
 * Runs `assertion` until it passes, and resolves with what it returned. It fails by throwing (an `expect`)
 * or by returning `false` (a condition not met yet); once `timeout` ms have passed, the last failure is
 * thrown. A try that is still running when time is up is waited for, not abandoned.
 */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeout = 5000, interval = 25 }: EventuallyOptions = {},
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown;
    try {
      const outcome = await assertion();
      if (outcome !== false) return outcome as Exclude<T, false>;
      failure = new Error(`condition still false after ${timeout} ms`);
    } catch (error) {
      failure = error;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw failure;
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, left)));
  }
}
