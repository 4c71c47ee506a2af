import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPOCH, ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type { LeadDeleted, LeadJoined } from './lead.events.js';
import { leadsProjection } from './leads.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const spec = ProjectionSpecification.for(leadsProjection, () => testDb.handle.db);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function joined(n: number, data: Partial<LeadJoined['data']> = {}): LeadJoined {
  return {
    type: 'LeadJoined',
    data: {
      leadId: id(n),
      email: `lead${n}@example.com`,
      sourcePage: '/',
      position: n,
      referralCode: `CODE${n}`,
      referredBy: null,
      sessionId: null,
      ...data,
    },
  };
}

const deleted = (n: number): LeadDeleted => ({ type: 'LeadDeleted', data: { leadId: id(n), email: `lead${n}@example.com` } });

describe('leads projection', () => {
  it('a join is a row: the address, the page, the position, the codes and the log time', () =>
    spec.given([joined(1, { sourcePage: '/app/ledger', referredBy: 'FRIEND' })]).expectRows('leads', [
      {
        id: id(1),
        email: 'lead1@example.com',
        source_page: '/app/ledger',
        referral_code: 'CODE1',
        referred_by: 'FRIEND',
        waitlist_position: 1,
        disposable_email: false,
        created_at: new Date(EPOCH.getTime() + 1000),
      },
    ]));

  it('keeps the disposable-address flag, and reads it as false on joins recorded before the flag', () =>
    spec.given([joined(1, { disposableEmail: true }), joined(2)]).expectRows('leads', [
      { email: 'lead1@example.com', disposable_email: true },
      { email: 'lead2@example.com', disposable_email: false },
    ]));

  it('a deletion removes the row, in the same batch as the join or a later one', () =>
    spec
      .given([joined(1), joined(2), deleted(1), joined(3)], [deleted(3)])
      .expectRows('leads', [{ email: 'lead2@example.com', waitlist_position: 2 }]));

  it('gives the same table whether the events come in one batch or one by one', async () => {
    const events = [joined(1), joined(2), deleted(2), joined(3), joined(4), deleted(1)];
    const together = await spec.given(events).tables();
    const oneByOne = await spec.given(...events.map((event) => [event])).tables();
    expect(oneByOne).toEqual(together);
  });
});
