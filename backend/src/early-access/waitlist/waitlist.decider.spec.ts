import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/decider-spec.js';
import type { LeadJoined } from './lead.events.js';
import { answers, freshNeeded, waitlistDecider, type Join, type WaitlistEvent } from './waitlist.decider.js';

const spec = DeciderSpecification.for(waitlistDecider);
const join = (email: string, ref: string | null = null): Join => ({ email, source_page: '/home', ref, sessionId: null });
const joined = (email: string, position: number, referralCode: string, referredBy: string | null = null): LeadJoined => ({
  type: 'LeadJoined',
  data: {
    leadId: `lead-${email}`,
    email,
    sourcePage: '/home',
    position,
    referralCode,
    referredBy,
    sessionId: null,
    disposableEmail: false,
  },
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

  it('gives positions after the last one, in arrival order', () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111'), joined('bob@example.com', 2, 'BBBB2222')])
      .when(group([join('cy@example.com'), join('di@example.com')], ['CCCC3333', 'DDDD4444']))
      .then([joined('cy@example.com', 3, 'CCCC3333'), joined('di@example.com', 4, 'DDDD4444')]);
  });

  it('writes nothing for an address already on the list, and one join for an address twice in a group', () => {
    spec
      .given([joined('ada@example.com', 1, 'AAAA1111')])
      .when(group([join('ada@example.com')], [], []))
      .then([]);
    spec
      .given([])
      .when(group([join('ada@example.com'), join('ada@example.com')], ['AAAA1111'], ['lead-ada@example.com']))
      .then([joined('ada@example.com', 1, 'AAAA1111')]);
  });

  it("credits the owner of the code, a lead's or a generated link's, but never the joiner", () => {
    const given = [joined('ada@example.com', 1, 'AAAA1111'), issued('eve@example.com', 'EEEE5555')];
    spec
      .given(given)
      .when(group([join('bob@example.com', 'AAAA1111')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222', 'AAAA1111')]);
    spec
      .given(given)
      .when(group([join('bob@example.com', 'EEEE5555')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222', 'EEEE5555')]);
    // Eve joins with her own generated link: she keeps its code, and it earns nothing.
    spec
      .given(given)
      .when(group([join('eve@example.com', 'EEEE5555')], [], ['lead-eve@example.com']))
      .then([joined('eve@example.com', 2, 'EEEE5555')]);
    spec
      .given(given)
      .when(group([join('bob@example.com', 'ZZZZ9999')], ['BBBB2222']))
      .then([joined('bob@example.com', 2, 'BBBB2222')]);
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
  const state = [joined('ada@example.com', 1, 'AAAA1111'), issued('eve@example.com', 'EEEE5555')].reduce(
    waitlistDecider.evolve,
    waitlistDecider.initialState,
  );
  const joins = [join('ada@example.com'), join('bob@example.com'), join('eve@example.com'), join('bob@example.com')];

  it('asks for a code per newcomer without a generated one, and an id per address new to the list', () => {
    expect(freshNeeded(joins, state)).toEqual({ codes: 1, leadIds: 2 });
  });

  it('tells each join its position and code; whoever was on the list first has already joined', () => {
    const events = waitlistDecider.decide(group(joins, ['BBBB2222'], ['lead-bob@example.com', 'lead-eve@example.com']), state);
    expect(answers(joins, state, events)).toEqual([
      { position: 1, code: 'AAAA1111', alreadyJoined: true },
      { position: 2, code: 'BBBB2222', alreadyJoined: false },
      { position: 3, code: 'EEEE5555', alreadyJoined: false },
      { position: 2, code: 'BBBB2222', alreadyJoined: true },
    ]);
  });
});
