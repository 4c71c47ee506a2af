import { Logger } from '@nestjs/common';

const logger = new Logger('analytics');

/**
 * Spec §8: analytics failures are only logged; engagement metrics that fail are zeros, and the analytics
 * panel's lists are empty. The admin sees a quiet dashboard rather than an error.
 */
export async function orEmpty<T>(what: string, empty: T, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logger.error({ err: error, query: what }, `analytics query "${what}" failed; answering empty`);
    return empty;
  }
}
