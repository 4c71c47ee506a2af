/**
 * The spec's referral_codes (code, owner, clicks, conversions, revenue) and referrals (who joined through
 * whose code), inline: the click and join commands look codes up here, and a visitor reads their stats back
 * at once. Every lead's code comes from LeadJoined, the generator's from ReferralCodeIssued (the same code,
 * kept when that address joins later). A referee counts once, so a replay never counts twice.
 */
import { sql } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import type { LeadJoined } from '../lead/lead.events.js';
import type { ReferralCodeIssued, ReferralLinkClicked } from '../referral/referral.events.js';

type Handled = LeadJoined | ReferralCodeIssued | ReferralLinkClicked;

export const referralsProjection: Projection<Handled> = {
  name: 'referrals',
  mode: 'inline',
  handles: ['LeadJoined', 'ReferralCodeIssued', 'ReferralLinkClicked'],
  tables: ['referral_codes', 'referrals'],
  async handle(trx, events) {
    for (const event of events) await apply(trx, event);
  },
};

async function apply(trx: Trx, event: RecordedEvent<Handled>): Promise<void> {
  switch (event.type) {
    case 'ReferralCodeIssued':
      await addCode(trx, event.data.code, event.data.ownerEmail, event.createdAt);
      return;
    case 'LeadJoined': {
      const { referralCode, email, referredBy } = event.data;
      await addCode(trx, referralCode, email, event.createdAt);
      if (!referredBy) return;
      const counted = await trx
        .insertInto('referrals')
        .values({ referee_email: email, referrer_code: referredBy, created_at: event.createdAt })
        .onConflict((oc) => oc.column('referee_email').doNothing())
        .returning('referee_email')
        .executeTakeFirst();
      if (counted) {
        await trx
          .updateTable('referral_codes')
          .set({ conversions: sql`conversions + 1` })
          .where('code', '=', referredBy)
          .execute();
      }
      return;
    }
    case 'ReferralLinkClicked':
      await trx.updateTable('referral_codes').set({ clicks: sql`clicks + 1` }).where('code', '=', event.data.code).execute();
      return;
  }
}

function addCode(trx: Trx, code: string, ownerEmail: string, createdAt: Date) {
  return trx
    .insertInto('referral_codes')
    .values({ code, owner_email: ownerEmail, created_at: createdAt })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
