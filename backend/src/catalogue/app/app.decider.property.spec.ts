/** Properties of the app decider (fast-check): any sequence of commands keeps the stream consistent. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors/domain-error.js';
import { appDecider, type AppCommand, type AppState } from './app.decider.js';
import { parseAppFields } from './app.fields.js';

const ID = '0d9b1f8e-0000-4000-8000-000000000001';
const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0 && !/[\u0000-\u001f]/.test(s));
const details = fc
  .record({ name: text.filter((s) => /[a-z0-9]/i.test(s)), description: text, category: fc.constantFrom('Sales', 'Finance', 'Other') })
  .map((input) => parseAppFields(input).details);
const command: fc.Arbitrary<AppCommand> = fc.oneof(
  details.map((d) => ({ type: 'AddApp' as const, id: ID, details: d, views: 0 })),
  fc.record({ description: fc.option(text, { nil: undefined }), featured: fc.option(fc.boolean(), { nil: undefined }) }).map((changes) => ({
    type: 'UpdateApp' as const,
    id: ID,
    changes: Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  })),
  fc.constant({ type: 'DeactivateApp' as const, id: ID }),
);

describe('appDecider, for any sequence of commands', () => {
  it('only refuses with domain errors, and the state follows the decided events', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 20 }), (commands) => {
        let state: AppState = appDecider.initialState;
        let added = 0;
        for (const c of commands) {
          let events;
          try {
            events = appDecider.decide(c, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            // Refused: adding twice, or changing an app that does not exist.
            expect(c.type === 'AddApp' ? state.exists : !state.exists).toBe(true);
            continue;
          }
          for (const event of events) state = appDecider.evolve(state, event);
          if (c.type === 'AddApp') added++;
          // Deciding the same command again changes nothing: updates and deactivation are idempotent.
          if (c.type !== 'AddApp') expect(appDecider.decide(c, state)).toEqual([]);
          if (c.type === 'UpdateApp' && state.exists) expect(state.details).toMatchObject(c.changes);
          if (c.type === 'DeactivateApp' && state.exists) expect(state.active).toBe(false);
        }
        expect(added).toBeLessThanOrEqual(1);
        expect(state.exists).toBe(added === 1);
      }),
      { numRuns: 500 },
    );
  });
});
