/**
 * A stream's logic as two pure functions (the Emmett "decider"): evolve folds events into state, decide
 * turns a command and the state into new events or throws a DomainError. `decideAndAppend` is the one
 * place that reads the stream, decides and appends at the version it read.
 */
import { ConcurrencyError } from './concurrency.error.js';
import type { EventStore } from './event-store.js';
import type { Event, EventMetadata } from './events.js';

export interface Decider<Command, E extends Event, State> {
  initialState: State;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): E[];
}

const MAX_ATTEMPTS = 3;

/**
 * When another writer (in this process or another) appends to the stream between the read and the append,
 * the command is decided again on the new state, a few times, before the conflict is reported (409): the
 * command carries no version of its own, so deciding it on fresh state is what the caller asked for.
 */
export async function decideAndAppend<Command, E extends Event, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, E, State>,
  command: Command,
  metadata: EventMetadata = {},
): Promise<E[]> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce((s, event) => decider.evolve(s, event as unknown as E), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return events;
    try {
      await store.append(streamId, events, history.at(-1)?.streamVersion ?? 0, metadata);
      return events;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
