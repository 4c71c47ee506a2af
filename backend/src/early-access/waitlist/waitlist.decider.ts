/**
 * The waitlist's rules as a decider: who gets which position, which referral code, whether they are an Early
 * Explorer, and whether the referral they came through can ever count. Pure: the handler
 * (join-waitlist.command.ts) reads the state it needs from the read models under the waitlist lock, draws
 * fresh codes and ids, and appends what this decides. docs/early-access.md says the same in prose.
 * - Positions follow the waitlist stream: every join that is told a position uses it up (the last position
 *   + 1, in arrival order), whether it added a lead or not, so a position is never given or told twice and
 *   positions only grow; a lead's number may skip the ones told to repeated joins.
 * - A newcomer is told it is an Early Explorer while a spot is free (fewer confirmed Explorers than the cap):
 *   the spot is its own once it confirms, if one is still free then (confirm-lead.command.ts decides and
 *   records it). Pending leads hold only a share of the free spots (spots.ts), so joins nobody confirms
 *   cannot close the programme.
 * - An address already on the list writes no new lead. The browser that joined with it is told its place
 *   again; anyone else (another join of the same group included) is told what a newcomer would be told: the
 *   next position (used up) and the address's generator code, or a new code of the lead's when it has none.
 *   The codes are real (clicks and joins through them count for the lead) and the address's owner gets an
 *   e-mail with their real place: the answer tells nobody who is on the list.
 * - An address the share-link generator already gave a code keeps it (links already shared stay valid);
 *   anyone else gets a fresh one.
 * - A referral names the code's owner when it is someone else's code. It is refused for good (it will never
 *   count, even once confirmed) for a disposable address, for the referrer's own mailbox (a sub-address or a
 *   Gmail spelling of it), and for a mailbox already on the list.
 */
import type { ReferralRefusal } from '../../../../contracts/early-access/lead.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';
import type { Decider } from '../../shared/event-store/decider.js';
import { mailboxKey } from '../../shared/validation/email.js';
import type { ReferralCodeIssued } from '../referral/referral.events.js';
import { isDisposableEmail } from './disposable-email.js';
import type { LeadConfirmed, LeadDeleted, LeadJoined, LeadJoinRepeated } from './lead.events.js';
import { spotFree, spotsLeft, type Spots } from './spots.js';

export interface Join {
  /** Canonical (the input schema's form). */
  email: string;
  source_page: string | null;
  ref: string | null;
  sessionId: string | null;
  /** A keyed hash of the client's address, or null when unknown. */
  clientKey: string | null;
  /** The leads the visitor's browser joined as (its signed cookie). */
  knownLeadIds: readonly string[];
  /** Where the e-mail's links point when that is the visitor's address (development), kept in the event's metadata. */
  linkBase: string | null;
}

export interface JoinWaitlistGroup {
  type: 'JoinWaitlistGroup';
  joins: Join[];
  /** Unused codes and new lead ids, as many as `freshNeeded` says. */
  fresh: { codes: string[]; leadIds: string[] };
}

export interface KnownLead {
  leadId: string;
  position: number;
  code: string;
  earlyExplorer: boolean;
}

export interface WaitlistState {
  lastPosition: number;
  /** Confirmed Early Explorers and pending leads (spots.ts). */
  spots: Spots;
  /** The group's addresses that are on the list. */
  leads: ReadonlyMap<string, KnownLead>;
  /** The group's mailboxes that are on the list. */
  mailboxes: ReadonlySet<string>;
  /** The owners of the codes the group was referred by: leads and the share-link generator's. */
  owners: ReadonlyMap<string, string>;
  /** The generator's code of each of the group's addresses that has one (on the list or not). */
  issued: ReadonlyMap<string, string>;
}

export type WaitlistEvent = LeadJoined | LeadConfirmed | LeadDeleted | ReferralCodeIssued;
export type WaitlistDecision = LeadJoined | LeadJoinRepeated;

export interface JoinAnswer {
  /** The lead the browser may now remember, or null when the answer is not the address's own. */
  leadId: string | null;
  position: number;
  code: string;
  earlyExplorer: boolean;
  /** Spots left after this join. */
  spotsLeft: number;
  alreadyJoined: boolean;
}

export const waitlistDecider: Decider<JoinWaitlistGroup, WaitlistDecision, WaitlistState> & {
  evolve(state: WaitlistState, event: WaitlistEvent | WaitlistDecision): WaitlistState;
} = {
  initialState: {
    lastPosition: 0,
    spots: { confirmed: 0, pending: 0 },
    leads: new Map(),
    mailboxes: new Set(),
    owners: new Map(),
    issued: new Map(),
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LeadJoined': {
        const { leadId, email, position, referralCode } = event.data;
        const earlyExplorer = event.data.earlyExplorer ?? position <= EARLY_EXPLORERS_CAP;
        return {
          ...state,
          lastPosition: Math.max(state.lastPosition, position),
          spots: { ...state.spots, pending: state.spots.pending + 1 },
          leads: new Map(state.leads).set(email, { leadId, position, code: referralCode, earlyExplorer }),
          mailboxes: new Set(state.mailboxes).add(mailboxKey(email)),
          owners: new Map(state.owners).set(referralCode, email),
        };
      }
      case 'LeadConfirmed': {
        const { confirmed, pending } = state.spots;
        const explorer = event.data.earlyExplorer === true;
        const leads = new Map(state.leads);
        const known = leads.get(event.data.email);
        if (known && event.data.earlyExplorer !== undefined) leads.set(event.data.email, { ...known, earlyExplorer: explorer });
        return { ...state, leads, spots: { confirmed: confirmed + (explorer ? 1 : 0), pending: Math.max(0, pending - 1) } };
      }
      case 'LeadDeleted': {
        const leads = new Map(state.leads);
        leads.delete(event.data.email);
        return { ...state, leads, spots: { ...state.spots, pending: Math.max(0, state.spots.pending - 1) } };
      }
      case 'ReferralCodeIssued': {
        const { code, ownerEmail } = event.data;
        return { ...state, owners: new Map(state.owners).set(code, ownerEmail), issued: new Map(state.issued).set(ownerEmail, code) };
      }
      case 'LeadJoinRepeated': {
        const { toldPosition, toldCode, email } = event.data;
        return {
          ...state,
          lastPosition: Math.max(state.lastPosition, toldPosition ?? 0),
          owners: toldCode === undefined ? state.owners : new Map(state.owners).set(toldCode, email),
        };
      }
    }
  },

  decide({ joins, fresh }, state) {
    const codes = [...fresh.codes];
    const leadIds = [...fresh.leadIds];
    const events: WaitlistDecision[] = [];
    const newcomers = new Map<string, KnownLead>();
    const mailboxes = new Set(state.mailboxes);
    const fresher = (from: string[]) => {
      const next = from.shift();
      if (next === undefined) throw new Error('JoinWaitlistGroup: fewer fresh codes or ids than freshNeeded says');
      return next;
    };
    for (const { email, source_page, ref, sessionId, clientKey, knownLeadIds, linkBase } of joins) {
      const position = state.lastPosition + events.length + 1;
      const known = state.leads.get(email) ?? newcomers.get(email);
      if (known) {
        if (knownLeadIds.includes(known.leadId)) continue;
        const { leadId, position: own, earlyExplorer, code: referralCode } = known;
        const toldCode = state.issued.get(email) ?? fresher(codes);
        events.push({
          type: 'LeadJoinRepeated',
          data: { leadId, email, position: own, earlyExplorer, referralCode, toldPosition: position, toldCode },
          ...linkedTo(linkBase),
        });
        continue;
      }
      const referralCode = state.issued.get(email) ?? fresher(codes);
      const leadId = fresher(leadIds);
      const owner = ref === null ? undefined : state.owners.get(ref);
      const referredBy = owner !== undefined && owner !== email ? ref : null;
      const mailbox = mailboxKey(email);
      const disposableEmail = isDisposableEmail(email);
      const earlyExplorer = spotFree(state.spots);
      events.push({
        type: 'LeadJoined',
        data: {
          leadId,
          email,
          sourcePage: source_page,
          position,
          earlyExplorer,
          referralCode,
          referredBy,
          referralRefused: referredBy === null ? null : refusal({ owner: owner!, mailbox, disposableEmail, known: mailboxes.has(mailbox) }),
          sessionId,
          clientKey,
          disposableEmail,
        },
        ...linkedTo(linkBase),
      });
      newcomers.set(email, { leadId, position, code: referralCode, earlyExplorer });
      mailboxes.add(mailbox);
    }
    return events;
  },
};

/** The metadata that carries a join's link base to its e-mail, when it has one. */
function linkedTo(linkBase: string | null): { metadata?: { linkBase: string } } {
  return linkBase === null ? {} : { metadata: { linkBase } };
}

function refusal(referee: { owner: string; mailbox: string; disposableEmail: boolean; known: boolean }): ReferralRefusal | null {
  if (referee.disposableEmail) return 'disposable';
  if (mailboxKey(referee.owner) === referee.mailbox) return 'self';
  if (referee.known) return 'known';
  return null;
}

/**
 * How many fresh codes and lead ids a group needs: a code for each newcomer and each stranger's join of an
 * address on the list, when the address has no generator code; an id for each address new to the list.
 */
export function freshNeeded(joins: readonly Join[], state: WaitlistState): { codes: number; leadIds: number } {
  const joining = new Set<string>();
  let codes = 0;
  for (const { email, knownLeadIds } of joins) {
    const known = state.leads.get(email);
    if (known && knownLeadIds.includes(known.leadId)) continue;
    if (!known) joining.add(email);
    if (!state.issued.has(email)) codes++;
  }
  return { codes, leadIds: joining.size };
}

/**
 * What each join of the group is told, in arrival order, once `events` (decide's, in the same order) are
 * appended. The browser that joined with an address is told its own place; everyone else is told the
 * position the join used up, its code, and the Early Explorer standing and spots a newcomer arriving then
 * would be told.
 */
export function answers(joins: readonly Join[], state: WaitlistState, events: readonly WaitlistDecision[]): JoinAnswer[] {
  const newcomers = events.filter((event) => event.type === 'LeadJoined').length;
  const remaining = [...events];
  let arrived = 0;
  // Spots left once the group's first `joined` newcomers count.
  const left = (joined: number) => spotsLeft({ ...state.spots, pending: state.spots.pending + joined });
  return joins.map(({ email, knownLeadIds }) => {
    const known = state.leads.get(email);
    if (known && knownLeadIds.includes(known.leadId)) {
      return { ...known, spotsLeft: left(newcomers), alreadyJoined: true };
    }
    const event = remaining.shift();
    if (event === undefined) throw new Error('answers: fewer events than joins told a position');
    const told = { spotsLeft: left(arrived + 1), alreadyJoined: false };
    if (event.type === 'LeadJoined') {
      arrived++;
      const { leadId, position, referralCode, earlyExplorer } = event.data;
      return { leadId, position, code: referralCode, earlyExplorer: earlyExplorer ?? true, ...told };
    }
    const { toldPosition, toldCode } = event.data;
    return { leadId: null, position: toldPosition!, code: toldCode!, earlyExplorer: spotFree(state.spots), ...told };
  });
}
