/**
 * Referral stats (the spec's get_stats: clicks, sign-ups, conversions, lifetime revenue) and, from the same
 * rows, the leaderboard: an async projection, so a burst of clicks or joins costs the request nothing and a
 * batch costs a few statements (one insert of new codes, one update per code touched). A sign-up counts for
 * the referrer when the friend confirms their address and the referral is creditable (LeadConfirmed names
 * the code it credits), and stops counting if an administrator voids it afterwards. Joining the list through
 * a link is the conversion the programme counts today, so conversions equal sign-ups until there are paying
 * customers; revenue stays 0 until then. The runner applies each event once, so nothing is counted twice.
 * Each code counts what came through it alone (an address may own several: its lead's, the generator's, the
 * ones told to strangers' joins with it); the leaderboard adds an owner's codes up.
 */
import { sql } from 'kysely';
import type { Projection } from '../../shared/projections/projection.js';
import type { LeadConfirmed, LeadJoined, LeadJoinRepeated, ReferralVoided } from '../waitlist/lead.events.js';
import { codeOf } from './referrals.projection.js';
import type { ReferralCodeIssued, ReferralLinkClicked } from './referral.events.js';

type Handled = LeadJoined | LeadJoinRepeated | LeadConfirmed | ReferralVoided | ReferralCodeIssued | ReferralLinkClicked;

export const referralStatsProjection: Projection<Handled> = {
  name: 'referral-stats',
  mode: 'async',
  handles: ['LeadJoined', 'LeadJoinRepeated', 'LeadConfirmed', 'ReferralVoided', 'ReferralCodeIssued', 'ReferralLinkClicked'],
  tables: ['referral_stats'],
  async handle(trx, events) {
    const codes = new Map<string, { owner_email: string; created_at: Date }>();
    const deltas = new Map<string, { clicks: number; signups: number }>();
    const delta = (code: string) => deltas.get(code) ?? deltas.set(code, { clicks: 0, signups: 0 }).get(code)!;
    for (const event of events) {
      switch (event.type) {
        case 'ReferralCodeIssued':
        case 'LeadJoined':
        case 'LeadJoinRepeated': {
          const issued = codeOf(event);
          if (issued && !codes.has(issued.code)) codes.set(issued.code, { owner_email: issued.owner_email, created_at: event.createdAt });
          break;
        }
        case 'LeadConfirmed':
          if (event.data.credited) delta(event.data.credited).signups++;
          break;
        case 'ReferralVoided':
          if (event.data.wasCredited) delta(event.data.referrerCode).signups--;
          break;
        case 'ReferralLinkClicked':
          delta(event.data.code).clicks++;
          break;
      }
    }
    if (codes.size > 0) {
      await trx
        .insertInto('referral_stats')
        .values([...codes].map(([code, row]) => ({ code, ...row })))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    for (const [code, { clicks, signups }] of deltas) {
      await trx
        .updateTable('referral_stats')
        .set({
          clicks: sql`clicks + ${clicks}`,
          signups: sql`signups + ${signups}`,
          conversions: sql`conversions + ${signups}`,
        })
        .where('code', '=', code)
        .execute();
    }
  },
};
