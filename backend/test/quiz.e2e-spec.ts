import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCaughtUp } from '../src/shared/testing/test-database.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { quizOutcomeSchema, quizQuestionAnswerSchema } from '../../contracts/early-access/quiz-api.js';
import { expectContract } from './contract-helpers.js';
import { Browser, confirmLeads } from './waitlist-helpers.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi({ DEMO_CATALOGUE: 'true' });
});
afterAll(async () => {
  await api?.close();
});

function submit(body: unknown) {
  return fetch(api.url('/api/quiz-results'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const answers = (pain: string, area: string, today = 'spreadsheet', team = 'small') => [
  { question: 'What slows your team down the most?', answer: pain },
  { question: 'Which part of the business needs it most?', answer: area },
  { question: 'How do you handle it today?', answer: today },
  { question: 'How many people would use it?', answer: team },
];

async function written() {
  const db = api.database.handle.db;
  const { rows } = await sql<{ events: number; results: number; leads: number }>`
    select (select count(*)::int from events) as events, (select count(*)::int from quiz_results) as results,
           (select count(*)::int from leads) as leads`.execute(db);
  return rows[0]!;
}

describe('POST /api/quiz-results', () => {
  it('recommends an app of the chosen area, keeps the result and adds a lead with source quiz', async () => {
    const response = await submit({ email: 'Quiz@Example.com', answers: answers('manual_work', 'finance') });
    expect(response.status).toBe(201);
    const outcome = (await response.json()) as Record<string, any>;
    expect(outcome.recommendedApp).toMatchObject({ category: 'Finance' });
    expect(outcome.reason).toMatch(new RegExp(`^${outcome.recommendedApp.name} is built for Finance work and `));
    expect(outcome.lead).toMatchObject({ position: 1, alreadyJoined: false, refCode: expect.stringMatching(/^[0-9A-Z]{6}$/) });

    const db = api.database.handle.db;
    expect(await db.selectFrom('quiz_results').selectAll().execute()).toEqual([
      {
        id: outcome.id,
        email: 'quiz@example.com',
        answers: answers('manual_work', 'finance'),
        recommended_app: outcome.recommendedApp.slug,
        created_at: expect.any(Date),
      },
    ]);
    expect(await db.selectFrom('leads').select(['email', 'source_page']).execute()).toEqual([
      { email: 'quiz@example.com', source_page: 'quiz' },
    ]);
  });

  it('recommends the same app for the same answers, and takes a returning address without an error', async () => {
    // From the same browser, which is told its place again.
    const browser = new Browser(api);
    const first = (await (
      await browser.post('/api/quiz-results', { email: 'again@example.com', answers: answers('time', 'marketing') })
    ).json()) as any;
    const second = (await (
      await browser.post('/api/quiz-results', { email: 'AGAIN@example.com', answers: answers('time', 'marketing') })
    ).json()) as any;
    expect(second.recommendedApp).toEqual(first.recommendedApp);
    expect(second.lead).toEqual({ ...first.lead, alreadyJoined: true });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from quiz_results where email = 'again@example.com'`.execute(
      api.database.handle.db,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('credits a referrer when the quiz taker arrived through a share link and confirms', async () => {
    const referrer = (await (await submit({ email: 'ref-owner@example.com', answers: answers('time', 'sales') })).json()) as any;
    await submit({ email: 'ref-friend@example.com', answers: answers('time', 'sales'), ref: referrer.lead.refCode });
    await confirmLeads(api, 'ref-friend@example.com');
    await projectionCaughtUp(api.database.handle.db, 'referral-stats');
    expect((await api.get(`/api/referrals/${referrer.lead.refCode}`)).body.stats).toMatchObject({ total_signups: 1, total_conversions: 1 });
  });

  const four = answers('time', 'finance');
  it.each([
    ['no email', { answers: four }, { email: 'Please enter your email address.' }],
    ['a bad email', { email: 'quiz@', answers: four }, { email: 'Please enter a valid email address.' }],
    ['no answers', { email: 'q@example.com' }, { answers: 'Please answer all 4 questions.' }],
    ['three answers', { email: 'q@example.com', answers: four.slice(0, 3) }, { answers: 'Please answer all 4 questions.' }],
    ['five answers', { email: 'q@example.com', answers: [...four, four[0]] }, { answers: 'Please answer all 4 questions.' }],
    ['answers of the wrong type', { email: 'q@example.com', answers: 'all of them' }, { answers: 'Please answer all 4 questions.' }],
    [
      'a blank answer',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'Q', answer: '  ' }] },
      { 'answers.3.answer': 'Please answer all 4 questions.' },
    ],
    [
      'a numeric answer',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'Q', answer: 4 }] },
      { 'answers.3.answer': 'Please answer all 4 questions.' },
    ],
    [
      'a long answer',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'Q', answer: 'x'.repeat(101) }] },
      { 'answers.3.answer': 'At most 100 characters.' },
    ],
    [
      'a long question',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'x'.repeat(301), answer: 'a' }] },
      { 'answers.3.question': 'At most 300 characters.' },
    ],
    [
      'control characters',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'Q', answer: 'a\u0000b' }] },
      { 'answers.3.answer': 'Control characters are not allowed.' },
    ],
    [
      'an unknown field in an answer',
      { email: 'q@example.com', answers: [...four.slice(0, 3), { question: 'Q', answer: 'a', score: 9 }] },
      { 'answers.3': 'Unrecognized key: "score"' },
    ],
    [
      'an unknown field',
      { email: 'q@example.com', answers: four, recommended_app: 'x' },
      { '(body)': 'Unrecognized key: "recommended_app"' },
    ],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = await written();
    const response = await submit(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect(await written()).toEqual(before);
  });

  it('stores SQL and markup in answers as plain text', async () => {
    const hostile = [
      { question: "'; drop table quiz_results; --", answer: '<script>alert(1)</script>' },
      ...answers('time', 'finance').slice(1),
    ];
    const response = await submit({ email: 'hostile@example.com', answers: hostile });
    expect(response.status).toBe(201);
    const row = await api.database.handle.db
      .selectFrom('quiz_results')
      .select('answers')
      .where('email', '=', 'hostile@example.com')
      .executeTakeFirstOrThrow();
    expect(row.answers).toEqual(hostile);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, writing nothing', async () => {
    const before = await written();
    expect((await submit('{"email":"a@b.co","answers":[')).status).toBe(400);
    expect((await submit(JSON.stringify({ email: 'a@b.co', answers: four, pad: 'x'.repeat(70_000) }))).status).toBe(413);
    expect(await written()).toEqual(before);
  });

  it('answers a question and a result exactly as the contract says (contracts/early-access/quiz-api.ts)', async () => {
    const question = await fetch(api.url('/api/quiz/questions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currentAnswers: ['manual_work'], currentPage: '/' }),
    });
    expect(question.status).toBe(200);
    expectContract(quizQuestionAnswerSchema, await question.json());
    const recommended = await submit({ email: 'contract-quiz@example.com', answers: answers('manual_work', 'finance') });
    expect(recommended.status).toBe(201);
    expectContract(quizOutcomeSchema, await recommended.json());
  });
});

describe('GET /api/conversion-tracking', () => {
  it('has nothing configured by default', async () => {
    expect((await api.get('/api/conversion-tracking')).body).toEqual({ googleAdsId: null, conversionPageUrl: null });
  });
});
