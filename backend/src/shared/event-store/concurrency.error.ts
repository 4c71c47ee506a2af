import { ConflictError } from '../errors/domain-error.js';
import type { ExpectedVersion } from './events.js';

/** Another writer appended to the stream since the caller read it. */
export class ConcurrencyError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | null,
  ) {
    super(
      'EVENT_STORE.CONCURRENCY',
      actualVersion === null
        ? `Stream ${streamId} was changed by another writer. Please try again.`
        : `Stream ${streamId} is at version ${actualVersion}, not ${expectedVersion}. Please try again.`,
    );
  }
}
