/**
 * The weekly digest on the schedule, with a fake clock: two API processes (each running workers, as several
 * workers would) on one database reach Monday 07:00 UTC together; the week gets one WeeklyDigestPrepared and
 * the admin one e-mail in the outbox, with the week's leads, unmet needs and most viewed apps.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_UA, search } from '../src/analytics/testing/tracker-events.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { createTestDatabase, type TestDatabase } from '../src/shared/testing/test-database.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { post } from './auth-helpers.js';

// Two seconds before the schedule fires; the fake clock runs on from there at the real pace.
const MONDAY_MORNING = new Date('2026-11-30T06:59:58Z');
const SETTINGS = { DEMO_CATALOGUE: 'true', ADMIN_NOTIFY_EMAIL: 'owner@unsheet.test' };
let database: TestDatabase;
let first: ApiHarness;
let second: ApiHarness;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  first = await startApi(SETTINGS, database);
  expect((await post(first, '/api/leads', { email: 'digest-lead@example.com', source_page: '/' })).status).toBe(201);
  const lastWeek = '2026-11-26T10:00:00Z';
  const collected = await post(
    first,
    '/api/analytics/collect',
    {
      events: ['invoice reminders', 'invoice reminders', 'invoice reminder tool', 'staff rota'].map((query) =>
        search({ query, at: lastWeek }),
      ),
    },
    { 'user-agent': BROWSER_UA },
  );
  expect(collected.status).toBe(202);
  await settled(first);
  await first.close();
  // Only Date is faked: the servers' timers, sockets and pools run as ever, and the cron reads the fake time.
  vi.useFakeTimers({ toFake: ['Date'], now: MONDAY_MORNING, shouldAdvanceTime: true });
  first = await startApi(SETTINGS, database);
  second = await startApi(SETTINGS, database);
}, 90_000);
afterAll(async () => {
  vi.useRealTimers();
  await second?.close();
  await first?.close();
  await database?.drop();
});

describe('the weekly digest', () => {
  it('is prepared once for the week when several workers reach Monday 07:00 together, and e-mailed to the admin once', async () => {
    const db = first.database.handle.db;
    await eventually(async () => (await sql`select 1 from email_outbox where template = 'weekly-digest'`.execute(db)).rows.length > 0, {
      timeout: 30_000,
    });
    await settled(first);
    const { rows: digests } = await sql<{ stream_id: string; data: any }>`
      select stream_id, data from events where type = 'WeeklyDigestPrepared'`.execute(db);
    expect(digests.map((row) => row.stream_id)).toEqual(['digest-2026-11-23']);
    expect(digests[0]!.data).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
      newLeads: 1,
      needs: [
        { label: 'invoice reminders', signals: 3, change: null },
        { label: 'staff rota', signals: 1, change: null },
      ],
    });
    expect(digests[0]!.data.apps).toHaveLength(5);
    const { rows: emails } = await sql<{ message: { to: string } }>`
      select message from email_outbox where template = 'weekly-digest'`.execute(db);
    expect(emails.map((row) => row.message.to)).toEqual(['owner@unsheet.test']);
  });
});
