/**
 * given / when / then for deciders (Emmett's DeciderSpecification): the state is folded from the events
 * given, the command decided on it, and the events it decides (or the error it throws) compared.
 *   const spec = DeciderSpecification.for(waitlistDecider);
 *   spec.given([joined]).when(command).then([expected]);
 */
import { expect } from 'vitest';

interface SpecifiedDecider<Command, Decided, Given, State> {
  initialState: State;
  evolve(state: State, event: Given): State;
  decide(command: Command, state: State): Decided[];
}

export const DeciderSpecification = {
  for<Command, Decided, Given, State>(decider: SpecifiedDecider<Command, Decided, Given, State>) {
    return {
      given(events: readonly Given[]) {
        const state = events.reduce((s, event) => decider.evolve(s, event), decider.initialState);
        return {
          when(command: Command) {
            return {
              then(expected: Decided[]): void {
                expect(decider.decide(command, state)).toEqual(expected);
              },
              thenThrows(error: string | RegExp): void {
                expect(() => decider.decide(command, state)).toThrow(error);
              },
            };
          },
        };
      },
    };
  },
};
