import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/tables.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { countingProjection } from '../testing/counting-projection.js';
import { eventually } from '../testing/eventually.js';
import { clearRedisPrefix, TEST_REDIS_URL, uniqueName } from '../testing/test-database.js';
import { BullmqWakeup, PROJECTIONS_QUEUE, WAKE_INTERVAL_MS } from './projection-wakeup.js';

const prefix = uniqueName('wakeup');
let redis: Redis;
let queue: Queue;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(PROJECTIONS_QUEUE, { connection: redis, prefix });
});
afterAll(async () => {
  await queue.close();
  redis.disconnect();
  await clearRedisPrefix(prefix);
});

describe('waking the projection workers through Redis', () => {
  it('sends one wake-up for a burst of appends, and one more after it for the appends it did not cover', async () => {
    // The runner only names the projections; nothing here reads the database.
    const runner = new ProjectionRunner({} as Db, [countingProjection('wakeup-counts', ['Counted'])], { batchSize: 10 });
    const sent: string[] = [];
    const add = queue.add.bind(queue);
    queue.add = ((name: string, ...rest: Parameters<Queue['add']> extends [unknown, ...infer R] ? R : never) => {
      sent.push(name);
      return add(name, ...rest);
    }) as Queue['add'];
    const wakeup = new BullmqWakeup(queue, runner, (name, error) => {
      throw new Error(`wake-up of ${name} failed: ${String(error)}`);
    });

    for (let i = 0; i < 200; i++) wakeup.wake(['Counted', 'Other']);
    wakeup.wake(['Other']); // no projection handles it
    expect(sent).toEqual(['wakeup-counts']);
    // The appends after the first wake-up get theirs once the interval is over: one, not 199.
    await eventually(() => sent.length === 2, { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, WAKE_INTERVAL_MS * 5));
    expect(sent).toEqual(['wakeup-counts', 'wakeup-counts']);
    // The job is in Redis for the workers (deduplicated: one waiting job, whatever the number of wake-ups).
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });

    // Quiet again: the next append is sent at once.
    await new Promise((resolve) => setTimeout(resolve, WAKE_INTERVAL_MS * 3));
    wakeup.wake(['Counted']);
    expect(sent).toHaveLength(3);
  });
});
