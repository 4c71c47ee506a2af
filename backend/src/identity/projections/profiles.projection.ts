/** The spec's `profiles` (user id, role), inline so that a role granted or taken back applies to the very next request. */
import type { Projection } from '../../shared/projections/projection.js';
import type { RoleGranted, RoleRevoked, UserRegistered } from '../user.events.js';

export const profilesProjection: Projection<UserRegistered | RoleGranted | RoleRevoked> = {
  name: 'profiles',
  mode: 'inline',
  handles: ['UserRegistered', 'RoleGranted', 'RoleRevoked'],
  tables: ['profiles'],
  async handle(trx, events) {
    for (const event of events) {
      const role = event.type === 'RoleGranted' ? event.data.role : 'user';
      await trx
        .insertInto('profiles')
        .values({ user_id: event.data.userId, role })
        .onConflict((oc) =>
          event.type === 'UserRegistered' ? oc.column('user_id').doNothing() : oc.column('user_id').doUpdateSet({ role }),
        )
        .execute();
    }
  },
};
