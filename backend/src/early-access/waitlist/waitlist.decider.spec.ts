import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/decider-spec.js';
import type { LeadJoined, LeadJoinRepeated } from './lead.events.js';
import { answers, freshNeeded, waitlistDecider, type Join, type WaitlistEvent, type WaitlistState } from './waitlist.decider.js';

const spec = DeciderSpecification.for(waitlistDecider);
const join = (email: string, ref: string | null = null, knownLeadIds: string[] = []): Join => ({
  email,
  source_page: '/home',
  ref,
  sessionId: null,
  clientKey: null,
  linkBase: null,
  knownLeadIds,
});
const joined = (
  email: string,
  position: number,
  referralCode: string,
  referral: { by?: string; refused?: LeadJoined['data']['referralRefused']; explorer?: boolean; disposable?: boolean } = {},
): LeadJoined => ({
  type: 'LeadJoined',
  data: {
    leadId: `lead-${email}`,
    email,
    sourcePage: '/home',
    position,
    earlyExplorer: referral.explorer ?? true,
    referralCode,
    referredBy: referral.by ?? null,
    referralRefused: referral.by === undefined ? null : (referral.refused ?? null),
    sessionId: null,
    clientKey: null,
    disposableEmail: referral.disposable ?? false,
  },
});
const repeated = (email: string, position: number, referralCode: string, toldPosition: number, toldCode: string): LeadJoinRepeated => ({
  type: 'LeadJoinRepeated',
  data: { leadId: `lead-${email}`, email, position, earlyExplorer: true, referralCode, toldPosition, toldCode },
});
const group = (joins: Join[], codes: string[] = [], leadIds: string[] = joins.map((j) => `lead-${j.email}`)) => ({
  type: 'JoinWaitlistGroup' as const,
  joins,
  fresh: { codes, leadIds },
});
const issued = (ownerEmail: string, code: string): WaitlistEvent => ({ type: 'ReferralCodeIssued', data: { code, ownerEmail } });

describe('waitlistDecider', () => {
  it('gives the first joiner position 1 and a fresh code', () => {
    spec
      .given([])
      .when(group([join('ada@example.com')], ['AAAA1111']))
      .then([joined('ada@example.com', 1, 'AAAA1111')]);
  });

  it("keeps the address a visitor used (development only: the join's linkBase) for its e-mail's links", () => {
    const linked = { ...join('ada@example.com'), linkBase: 'http://localhost:5173' };
    const [newcomer] = waitlistDecider.decide(group([linked], ['AAAA1111']), waitlistDecider.initialState);
    expect(newcomer!.metadata).toEqual({ linkBase: 'http://localhost:5173' });
    const state = waitlistDecider.evolve(waitlistDecider.initialState, joined('ada@example.com', 1, 'AAAA1111'));
    const [repeat] = waitlistDecider.decide(group([linked], ['XXXX1111']), state);
    expect(repeat).toMatchObject({ type: 'LeadJoinRepeated', metadata: { linkBase: 'http://localhost:5173' } });
  });

  it('gives positions after the last one, in arrival order', () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111'), joined('bob@example.com', 2, 'BBBB2222')])
      .when(group([join('cy@example.com'), join('di@example.com')], ['CCCC3333', 'DDDD4444']))
      .then([joined('cy@example.com', 3, 'CCCC3333'), joined('di@example.com', 4, 'DDDD4444')]);
  });

  it('writes no lead for an address already on the list: its browser is told again, anyone else uses up a position and gets a code of the lead', () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111')])
      .when(group([join('ada@example.com', null, ['lead-ada@example.com'])], [], []))
      .then([]);
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111')])
      .when(group([join('ada@example.com'), join('ada@example.com')], ['XXXX1111', 'XXXX2222'], []))
      .then([repeated('ada@example.com', 1, 'AAAA1111', 2, 'XXXX1111'), repeated('ada@example.com', 1, 'AAAA1111', 3, 'XXXX2222')]);
    // A second join of a newcomer in the same group is another browser's: answered as it would be a moment later.
    spec
      .given([])
      .when(group([join('ada@example.com'), join('ada@example.com')], ['AAAA1111', 'XXXX1111'], ['lead-ada@example.com']))
      .then([joined('ada@example.com', 1, 'AAAA1111'), repeated('ada@example.com', 1, 'AAAA1111', 2, 'XXXX1111')]);
  });

  it("tells a stranger's join the address's generator code when it has one, as a newcomer's join would be", () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111'), issued('ada@example.com', 'GGGG1111')])
      .when(group([join('ada@example.com'), join('bob@example.com')], ['BBBB2222'], ['lead-bob@example.com']))
      .then([repeated('ada@example.com', 1, 'AAAA1111', 2, 'GGGG1111'), joined('bob@example.com', 3, 'BBBB2222')]);
  });

  it('gives the next join the position after the last one told, to a lead or not', () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111'), repeated('ada@example.com', 1, 'AAAA1111', 2, 'XXXX1111')])
      .when(group([join('bob@example.com', 'XXXX1111')], ['BBBB2222']))
      .then([joined('bob@example.com', 3, 'BBBB2222', { by: 'XXXX1111' })]);
  });

  it("names the owner of the code, a lead's or a generated link's, but never the joiner", () => {
    const given = [joined('ada@example.com', 1, 'AAAA1111'), issued('eve@example.com', 'EEEE5555')];
    spec
      .given(given)
      .when(group([join('bob@example.com', 'AAAA1111')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222', { by: 'AAAA1111' })]);
    spec
      .given(given)
      .when(group([join('bob@example.com', 'EEEE5555')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222', { by: 'EEEE5555' })]);
    // Eve joins with her own generated link: she keeps its code, and it names nobody.
    spec
      .given(given)
      .when(group([join('eve@example.com', 'EEEE5555')], [], ['lead-eve@example.com']))
      .then([joined('eve@example.com', 2, 'EEEE5555')]);
    spec
      .given(given)
      .when(group([join('bob@example.com', 'ZZZZ9999')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222')]);
  });

  it("refuses for good a referral from a disposable address, the referrer's own mailbox, or a mailbox already on the list", () => {
    const given = [joined('ada@gmail.com', 1, 'AAAA1111'), joined('bob@example.com', 2, 'BBBB2222')];
    spec
      .given(given)
      .when(
        group(
          [
            join('fake1@mailinator.com', 'AAAA1111'),
            join('a.d.a+2@googlemail.com', 'AAAA1111'),
            join('bob+farm@example.com', 'AAAA1111'),
            join('cy@example.com', 'AAAA1111'),
            join('cy+again@example.com', 'AAAA1111'),
          ],
          ['C1', 'C2', 'C3', 'C4', 'C5'],
        ),
      )
      .then([
        joined('fake1@mailinator.com', 3, 'C1', { by: 'AAAA1111', refused: 'disposable', disposable: true }),
        joined('a.d.a+2@googlemail.com', 4, 'C2', { by: 'AAAA1111', refused: 'self' }),
        joined('bob+farm@example.com', 5, 'C3', { by: 'AAAA1111', refused: 'known' }),
        joined('cy@example.com', 6, 'C4', { by: 'AAAA1111' }),
        joined('cy+again@example.com', 7, 'C5', { by: 'AAAA1111', refused: 'known' }),
      ]);
  });

  it('tells newcomers they are Early Explorers while fewer than 100 have confirmed, whatever the position or the pending joins', () => {
    const decide = (spots: WaitlistState['spots']) =>
      waitlistDecider
        .decide(group([join('ada@example.com'), join('bob@example.com')], ['A1', 'B2']), {
          ...waitlistDecider.initialState,
          lastPosition: 130,
          spots,
        })
        .map((event) => event.type === 'LeadJoined' && [event.data.position, event.data.earlyExplorer]);
    expect(decide({ confirmed: 99, pending: 500 })).toEqual([
      [131, true],
      [132, true],
    ]);
    expect(decide({ confirmed: 100, pending: 0 })).toEqual([
      [131, false],
      [132, false],
    ]);
  });

  it('counts confirmed Explorers and pending leads, and a confirmation that took no spot as none', () => {
    const ada = joined('ada@example.com', 1, 'AAAA1111');
    const bob = joined('bob@example.com', 2, 'BBBB2222');
    const confirmed = (email: string, earlyExplorer?: boolean): WaitlistEvent => ({
      type: 'LeadConfirmed',
      data: { leadId: `lead-${email}`, email, credited: null, ...(earlyExplorer !== undefined && { earlyExplorer }) },
    });
    const state = [ada, bob, confirmed('ada@example.com', true), confirmed('bob@example.com', false)].reduce(
      waitlistDecider.evolve,
      waitlistDecider.initialState,
    );
    expect(state.spots).toEqual({ confirmed: 1, pending: 0 });
    expect(state.leads.get('bob@example.com')?.earlyExplorer).toBe(false);
  });

  it('keeps spots free for real people after 85 joins nobody confirms: they hold a quarter of the free spots at most', () => {
    const fakes = Array.from({ length: 85 }, (_, i) => join(`fake${i}@fake${i % 7}.test`));
    const before: WaitlistState = { ...waitlistDecider.initialState, lastPosition: 15, spots: { confirmed: 15, pending: 0 } };
    const flood = waitlistDecider.decide(
      group(
        fakes,
        fakes.map((_, i) => `F${i}`),
        fakes.map((f) => `lead-${f.email}`),
      ),
      before,
    );
    const after = flood.reduce(waitlistDecider.evolve, before);
    expect(after.spots).toEqual({ confirmed: 15, pending: 85 });
    const visitor = join('real@example.com');
    const events = waitlistDecider.decide(group([visitor], ['REAL0001']), after);
    expect(answers([visitor], after, events)).toEqual([
      // 15 confirmed + 21 of the 85 free spots (a quarter, rounded down) held by pending joins: 64 left.
      { leadId: 'lead-real@example.com', position: 101, code: 'REAL0001', earlyExplorer: true, spotsLeft: 64, alreadyJoined: false },
    ]);
  });

  it('lets a deleted lead join again at a new position', () => {
    spec
      .given([
        joined('ada@example.com', 1, 'AAAA1111'),
        { type: 'LeadDeleted', data: { leadId: 'lead-ada@example.com', email: 'ada@example.com' } },
      ])
      .when(group([join('ada@example.com')], ['AAAA2222']))
      .then([joined('ada@example.com', 2, 'AAAA2222')]);
  });

  it('refuses to decide without enough fresh codes', () => {
    spec
      .given([])
      .when(group([join('ada@example.com')], []))
      .thenThrows(/fewer fresh codes/);
  });
});

describe('freshNeeded and answers', () => {
  const state: WaitlistState = [joined('ada@example.com', 1, 'AAAA1111'), issued('eve@example.com', 'EEEE5555')].reduce(
    waitlistDecider.evolve,
    waitlistDecider.initialState,
  );
  const ownBrowser = join('ada@example.com', null, ['lead-ada@example.com']);
  const stranger = join('ada@example.com');
  const joins = [ownBrowser, join('bob@example.com'), stranger, join('eve@example.com'), join('bob@example.com')];

  it("asks for a code per newcomer and per stranger's answer without a generated one, and an id per address new to the list", () => {
    expect(freshNeeded(joins, state)).toEqual({ codes: 3, leadIds: 2 });
  });

  it("tells the lead's own browser its place, a stranger what a newcomer would hear, and a newcomer its place", () => {
    const events = waitlistDecider.decide(
      group(joins, ['BBBB2222', 'ADA33333', 'BOB44444'], ['lead-bob@example.com', 'lead-eve@example.com']),
      state,
    );
    expect(answers(joins, state, events)).toEqual([
      { leadId: 'lead-ada@example.com', position: 1, code: 'AAAA1111', earlyExplorer: true, spotsLeft: 97, alreadyJoined: true },
      { leadId: 'lead-bob@example.com', position: 2, code: 'BBBB2222', earlyExplorer: true, spotsLeft: 98, alreadyJoined: false },
      // Arrives after Bob: uses up the next position, told as a newcomer at that moment would be, with a new code of Ada's.
      { leadId: null, position: 3, code: 'ADA33333', earlyExplorer: true, spotsLeft: 97, alreadyJoined: false },
      { leadId: 'lead-eve@example.com', position: 4, code: 'EEEE5555', earlyExplorer: true, spotsLeft: 97, alreadyJoined: false },
      // Bob's address again, from another browser: a stranger's join like any other.
      { leadId: null, position: 5, code: 'BOB44444', earlyExplorer: true, spotsLeft: 96, alreadyJoined: false },
    ]);
  });
});
