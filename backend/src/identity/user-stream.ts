/** Deciding on an account's stream inside a transaction that already holds the account's `users` row lock. */
import type { Trx } from '../shared/db/tables.js';
import type { EventStore } from '../shared/event-store/event-store.js';
import type { EventMetadata, RecordedEvent } from '../shared/event-store/events.js';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserState } from './user.decider.js';
import { userStream, type UserEvent } from './user.events.js';

export interface Decided {
  /** The events decided (none when the command changes nothing). */
  decided: UserEvent[];
  /** The same events as recorded, for `published` once the transaction has committed. */
  recorded: RecordedEvent[];
  /** The state the command was decided on. */
  state: UserState;
}

/**
 * Folds the account's stream as this transaction sees it, decides `command` (a DomainError when it is not
 * allowed) and appends what it decided at the version read. Callers lock the `users` row first, so the
 * commands of one account are decided one at a time.
 */
export async function decideForUser(
  trx: Trx,
  events: EventStore,
  userId: string,
  command: UserCommand,
  metadata: EventMetadata = {},
): Promise<Decided> {
  const history = await trx
    .selectFrom('events')
    .select(['type', 'data', 'stream_version'])
    .where('stream_id', '=', userStream(userId))
    .orderBy('stream_version')
    .execute();
  const state = history.reduce((current, row) => evolveUser(current, { type: row.type, data: row.data } as UserEvent), initialUserState);
  const decided = decideUser(command, state);
  if (decided.length === 0) return { decided, recorded: [], state };
  const { events: recorded } = await events.appendInTransaction(
    trx,
    userStream(userId),
    decided,
    history.at(-1)?.stream_version ?? 0,
    metadata,
  );
  return { decided, recorded, state };
}
