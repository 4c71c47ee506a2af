/**
 * A stream's logic as two pure functions (the Emmett "decider"): evolve folds events into state, decide
 * turns a command and the state into new events or throws a DomainError. `decideAndAppend` is the one
 * place that reads the stream, decides and appends at the version it read.
 */
import type { EventStore } from './event-store.js';
import type { Event, EventMetadata } from './events.js';

export interface Decider<Command, E extends Event, State> {
  initialState: State;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): E[];
}

export async function decideAndAppend<Command, E extends Event, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, E, State>,
  command: Command,
  metadata: EventMetadata = {},
): Promise<E[]> {
  const history = await store.readStream(streamId);
  const state = history.reduce((s, event) => decider.evolve(s, event as unknown as E), decider.initialState);
  const events = decider.decide(command, state);
  if (events.length > 0) await store.append(streamId, events, history.at(-1)?.streamVersion ?? 0, metadata);
  return events;
}
