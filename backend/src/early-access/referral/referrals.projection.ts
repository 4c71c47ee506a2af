/**
 * The spec's referral_codes (code, owner) and referrals (who joined through whose code), inline: the click
 * and join commands look codes up here. Every lead's code comes from LeadJoined, the generator's from
 * ReferralCodeIssued (marked `generated`; the same code, kept when that address joins later), and the codes
 * told to strangers' joins with an address on the list from LeadJoinRepeated (owned by that lead). The counts
 * (clicks, sign-ups, conversions, revenue) are the async `referral-stats` projection's.
 */
import { withRows, type ColumnTypes } from '../../shared/db/unnest.js';
import type { Projection } from '../../shared/projections/projection.js';
import type { LeadJoined, LeadJoinRepeated } from '../waitlist/lead.events.js';
import type { ReferralCodeIssued } from './referral.events.js';

type Handled = LeadJoined | LeadJoinRepeated | ReferralCodeIssued;

type CodeRow = { code: string; owner_email: string; created_at: Date; generated: boolean };

const CODE_COLUMNS: ColumnTypes<CodeRow> = {
  code: 'text',
  owner_email: 'text',
  created_at: 'timestamptz',
  generated: 'boolean',
};

/** The code an event gives its address, if any. */
export function codeOf(event: Handled): Omit<CodeRow, 'created_at'> | null {
  switch (event.type) {
    case 'ReferralCodeIssued':
      return { code: event.data.code, owner_email: event.data.ownerEmail, generated: true };
    case 'LeadJoined':
      return { code: event.data.referralCode, owner_email: event.data.email, generated: false };
    case 'LeadJoinRepeated':
      return event.data.toldCode === undefined ? null : { code: event.data.toldCode, owner_email: event.data.email, generated: false };
  }
}
const REFERRAL_COLUMNS: ColumnTypes<{ referee_email: string; referrer_code: string; created_at: Date }> = {
  referee_email: 'text',
  referrer_code: 'text',
  created_at: 'timestamptz',
};

export const referralsProjection: Projection<Handled> = {
  name: 'referrals',
  mode: 'inline',
  handles: ['LeadJoined', 'LeadJoinRepeated', 'ReferralCodeIssued'],
  tables: ['referral_codes', 'referrals'],
  // Set-wise, two statements per batch whatever its size (a group of joins comes as one batch): codes first,
  // then the referrals. The same as event by event, since a join only names a code that existed before it.
  async handle(trx, events) {
    const codes = events.flatMap((event) => {
      const code = codeOf(event);
      return code === null ? [] : [{ ...code, created_at: event.createdAt }];
    });
    if (codes.length > 0) {
      await withRows(trx.insertInto('referral_codes'), codes, CODE_COLUMNS)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    const referrals = events.flatMap((event) =>
      event.type === 'LeadJoined' && event.data.referredBy
        ? [{ referee_email: event.data.email, referrer_code: event.data.referredBy, created_at: event.createdAt }]
        : [],
    );
    if (referrals.length > 0) {
      // A referee counts once, so a replay never counts twice.
      await withRows(trx.insertInto('referrals'), referrals, REFERRAL_COLUMNS)
        .onConflict((oc) => oc.column('referee_email').doNothing())
        .execute();
    }
  },
};
