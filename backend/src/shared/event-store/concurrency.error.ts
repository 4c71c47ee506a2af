import { ConflictError } from '../errors/domain-error.js';
import type { ExpectedVersion } from './events.js';

export const CONCURRENCY_MESSAGE = 'Someone else changed this at the same time. Please reload and try again.';

/** Another writer appended to the stream since the caller read it (409; the stream and versions are for logs). */
export class ConcurrencyError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | null,
  ) {
    super('EVENT_STORE.CONCURRENCY', CONCURRENCY_MESSAGE);
  }
}
