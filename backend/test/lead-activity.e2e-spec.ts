/**
 * A lead's activity whichever way the lead joined: the lead form, the quiz, a share link (through the form or
 * the quiz), the newsletter first and the form later, an account first and the form later. Each visitor's
 * browser makes two visits over HTTP (the tracker's batches, one visitor id): an earlier one and the one they
 * join in. The lead detail of the admin console (and the lead's activity) then shows both visits and every
 * page of them, and nobody else's.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../contracts/analytics/collect.js';
import { BROWSER_UA, pageTime, pageView, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { post } from './auth-helpers.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
}, 60_000);
afterAll(() => api?.close());

const ANSWERS = [
  { question: 'What slows your team down the most?', answer: 'manual_work' },
  { question: 'Which part of the business needs it most?', answer: 'finance' },
  { question: 'How do you handle it today?', answer: 'spreadsheet' },
  { question: 'How many people would use it?', answer: 'small' },
];

async function created(response: Promise<Response>, status = 201): Promise<any> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

/** One browser's visits: `pages` page views each, the first visit landing on `landing`. */
async function browse(landing = 'https://unsheet.app/', pages = [3, 2]): Promise<string[]> {
  const visitorId = randomUUID();
  const sessions = pages.map(() => randomUUID());
  const events: TrackerEvent[] = sessions.flatMap((sessionId, visit) => [
    sessionStart({ sessionId, visitorId, url: visit === 0 ? landing : 'https://unsheet.app/' }),
    ...Array.from({ length: pages[visit]! }, (_, n) => {
      const pageViewId = randomUUID();
      return [
        pageView({ sessionId, pageViewId, url: `https://unsheet.app/page-${visit}-${n}`, title: `Page ${n}` }),
        pageTime({ sessionId, pageViewId, seconds: 10 }),
      ];
    }).flat(),
  ]);
  await created(post(api, '/api/analytics/collect', { events }, { 'user-agent': BROWSER_UA }), 202);
  return sessions;
}

async function leadId(email: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from leads where email = ${email}`.execute(api.database.handle.db);
  expect(rows, email).toHaveLength(1);
  return rows[0]!.id;
}

/** What the lead detail page shows of a lead's visits, once every projection has caught up. */
async function activityOf(email: string) {
  await settled(api);
  const id = await leadId(email);
  const detail = await api.get(`/api/admin/analytics/leads/by-id/${id}`);
  const activity = await api.get(`/api/admin/analytics/leads/${id}/activity`);
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  expect(activity.status, JSON.stringify(activity.body)).toBe(200);
  // The detail page and the activity endpoint read the same timeline.
  expect({ sessions: activity.body.sessions, pageViews: activity.body.pageViews }).toEqual({
    sessions: detail.body.sessions,
    pageViews: detail.body.pageViews,
  });
  return {
    joinedIn: detail.body.lead.sessionId as string | null,
    sessions: (detail.body.sessions as { session_id: string }[]).map((s) => s.session_id).sort(),
    pages: (detail.body.pageViews as unknown[]).length,
    metrics: detail.body.sessionMetrics,
  };
}

describe('a lead’s activity, whichever way the lead joined', () => {
  // Someone else browsing at the same time: never part of anyone's timeline.
  beforeAll(() => browse('https://unsheet.app/', [4]));

  it.each([
    ['the lead form', (email: string, sessionId: string) => post(api, '/api/leads', { email, source_page: '/', sessionId })],
    ['the quiz', (email: string, sessionId: string) => post(api, '/api/quiz-results', { email, answers: ANSWERS, sessionId })],
  ])('follows the visit they joined in through %s, and the browser’s other visit', async (_, join) => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const [earlier, joining] = await browse();
    await created(join(email, joining!));
    expect(await activityOf(email)).toEqual({
      joinedIn: joining,
      sessions: [earlier, joining].sort(),
      pages: 5,
      metrics: { totalSessions: 2, uniquePagesVisited: 5, totalTimeSpent: expect.any(Number), avgTimePerSession: expect.any(Number) },
    });
  });

  it.each([
    ['the lead form', (email: string, ref: string, sessionId: string) => post(api, '/api/leads', { email, ref, sessionId })],
    [
      'the quiz',
      (email: string, ref: string, sessionId: string) => post(api, '/api/quiz-results', { email, answers: ANSWERS, ref, sessionId }),
    ],
  ])('follows a friend who came through a share link and joined through %s', async (_, join) => {
    const code = (await created(post(api, '/api/leads', { email: `${randomUUID().slice(0, 8)}@example.com` }))).refCode as string;
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const [landed, joining] = await browse(`https://unsheet.app/?ref=${code}&utm_source=whatsapp`);
    await created(post(api, `/api/referrals/${code}/clicks`, { via: 'whatsapp' }));
    await created(join(email, code, joining!));
    expect(await activityOf(email)).toMatchObject({ joinedIn: joining, sessions: [landed, joining].sort(), pages: 5 });
    const { rows } = await sql<{ referred_by: string }>`select referred_by from leads where email = ${email}`.execute(
      api.database.handle.db,
    );
    expect(rows).toEqual([{ referred_by: code }]);
  });

  it('follows a subscriber who joined in a later visit', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const [subscribed, joining] = await browse();
    await created(post(api, '/api/newsletter/subscriptions', { email, source_page: '/' }));
    await created(post(api, '/api/leads', { email, source_page: '/about', sessionId: joining }));
    expect(await activityOf(email)).toMatchObject({ joinedIn: joining, sessions: [subscribed, joining].sort(), pages: 5 });
  });

  it('follows a visitor who made an account first (which puts nobody on the list) and joined later', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const [signedUp, joining] = await browse();
    await created(post(api, '/api/auth/sign-up', { email, password: 'a-long-secret', display_name: 'Ada' }));
    await settled(api);
    const { rows } = await sql`select 1 from leads where email = ${email}`.execute(api.database.handle.db);
    expect(rows).toEqual([]);
    await created(post(api, '/api/leads', { email, source_page: '/', sessionId: joining }));
    expect(await activityOf(email)).toMatchObject({ joinedIn: joining, sessions: [signedUp, joining].sort(), pages: 5 });
  });

  it('shows no visit for a quiz sent without a session (an older client), and refuses one that is not a session id', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    await browse();
    await created(post(api, '/api/quiz-results', { email, answers: ANSWERS }));
    expect(await activityOf(email)).toEqual({
      joinedIn: null,
      sessions: [],
      pages: 0,
      metrics: { totalSessions: 0, uniquePagesVisited: 0, totalTimeSpent: 0, avgTimePerSession: 0 },
    });
    const refused = await created(post(api, '/api/quiz-results', { email: 'other@example.com', answers: ANSWERS, sessionId: 'x' }), 400);
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', fields: { sessionId: 'Must be a session id (uuid).' } });
  });
});
