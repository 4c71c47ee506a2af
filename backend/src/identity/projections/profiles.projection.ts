/** The spec's `profiles` (user id, role), inline so that a granted role applies to the very next request. */
import type { Projection } from '../../shared/projections/projection.js';
import type { RoleGranted, UserRegistered } from '../user.events.js';

export const profilesProjection: Projection<UserRegistered | RoleGranted> = {
  name: 'profiles',
  mode: 'inline',
  handles: ['UserRegistered', 'RoleGranted'],
  tables: ['profiles'],
  async handle(trx, events) {
    for (const event of events) {
      const role = event.type === 'RoleGranted' ? event.data.role : 'user';
      await trx
        .insertInto('profiles')
        .values({ user_id: event.data.userId, role })
        .onConflict((oc) => (event.type === 'RoleGranted' ? oc.column('user_id').doUpdateSet({ role }) : oc.column('user_id').doNothing()))
        .execute();
    }
  },
};
