/**
 * The waitlist's rules as a decider: who gets which position, which referral code, and whose invitation it
 * counts for. Pure: the handler (commands/join-waitlist.command.ts) reads the state it needs from the read
 * models under the waitlist lock, draws fresh codes and ids, and appends what this decides.
 * - Positions follow the waitlist stream: the next join gets the last position + 1, in arrival order.
 * - An address already on the list (trimmed, lower case: the input schema's form) gets its position and code
 *   back and nothing is written; the same address twice in one group is told the position the first got.
 * - An address the share-link generator already gave a code keeps it (links already shared stay valid);
 *   anyone else gets a fresh one.
 * - A referral counts when the code belongs to someone (a lead or a generated link) other than the joiner.
 */
import type { Decider } from '../../shared/event-store/decider.js';
import type { ReferralCodeIssued } from '../referral/referral.events.js';
import { isDisposableEmail } from './disposable-email.js';
import type { LeadDeleted, LeadJoined } from './lead.events.js';

export interface Join {
  email: string;
  source_page: string | null;
  ref: string | null;
  sessionId: string | null;
}

export interface JoinWaitlistGroup {
  type: 'JoinWaitlistGroup';
  joins: Join[];
  /** Unused codes and new lead ids, as many as `freshNeeded` says. */
  fresh: { codes: string[]; leadIds: string[] };
}

export interface WaitlistState {
  lastPosition: number;
  /** Addresses on the list: their position and code. */
  leads: ReadonlyMap<string, { position: number; code: string }>;
  /** Every code's owner: leads and the share-link generator's. */
  owners: ReadonlyMap<string, string>;
  /** Codes the generator gave addresses not (yet) on the list. */
  issued: ReadonlyMap<string, string>;
}

export type WaitlistEvent = LeadJoined | LeadDeleted | ReferralCodeIssued;

export interface JoinAnswer {
  position: number;
  code: string;
  alreadyJoined: boolean;
}

export const waitlistDecider: Decider<JoinWaitlistGroup, LeadJoined, WaitlistState> & {
  evolve(state: WaitlistState, event: WaitlistEvent): WaitlistState;
} = {
  initialState: { lastPosition: 0, leads: new Map(), owners: new Map(), issued: new Map() },

  evolve(state, event) {
    switch (event.type) {
      case 'LeadJoined': {
        const { email, position, referralCode } = event.data;
        return {
          lastPosition: Math.max(state.lastPosition, position),
          leads: new Map(state.leads).set(email, { position, code: referralCode }),
          owners: new Map(state.owners).set(referralCode, email),
          issued: state.issued,
        };
      }
      case 'LeadDeleted': {
        const leads = new Map(state.leads);
        leads.delete(event.data.email);
        return { ...state, leads };
      }
      case 'ReferralCodeIssued': {
        const { code, ownerEmail } = event.data;
        return { ...state, owners: new Map(state.owners).set(code, ownerEmail), issued: new Map(state.issued).set(ownerEmail, code) };
      }
    }
  },

  decide({ joins, fresh }, state) {
    const codes = [...fresh.codes];
    const leadIds = [...fresh.leadIds];
    const events: LeadJoined[] = [];
    const seen = new Set<string>();
    for (const { email, source_page, ref, sessionId } of joins) {
      if (state.leads.has(email) || seen.has(email)) continue;
      seen.add(email);
      const referralCode = state.issued.get(email) ?? codes.shift();
      const leadId = leadIds.shift();
      if (referralCode === undefined || leadId === undefined) throw new Error('JoinWaitlistGroup: fewer fresh codes or ids than newcomers');
      const owner = ref === null ? undefined : state.owners.get(ref);
      events.push({
        type: 'LeadJoined',
        data: {
          leadId,
          email,
          sourcePage: source_page,
          position: state.lastPosition + events.length + 1,
          referralCode,
          referredBy: owner !== undefined && owner !== email ? ref : null,
          sessionId,
          disposableEmail: isDisposableEmail(email),
        },
      });
    }
    return events;
  },
};

/** How many fresh codes (newcomers without a generated one) and lead ids (addresses new to the list) a group needs. */
export function freshNeeded(joins: readonly Join[], state: WaitlistState): { codes: number; leadIds: number } {
  const joining = [...new Set(joins.map((join) => join.email))].filter((email) => !state.leads.has(email));
  return { codes: joining.filter((email) => !state.issued.has(email)).length, leadIds: joining.length };
}

/** What each join of the group is told, in arrival order, once `events` are appended. */
export function answers(joins: readonly Join[], state: WaitlistState, events: readonly LeadJoined[]): JoinAnswer[] {
  const joined = new Map(events.map((event) => [event.data.email, event.data]));
  const told = new Set<string>();
  return joins.map(({ email }) => {
    const known = state.leads.get(email);
    if (known) return { position: known.position, code: known.code, alreadyJoined: true };
    const event = joined.get(email)!;
    const again = told.has(email);
    told.add(email);
    return { position: event.position, code: event.referralCode, alreadyJoined: again };
  });
}
