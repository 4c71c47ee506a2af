/**
 * The honeypot on every public write form: a filled `website` field gets the answer a success gets, and
 * nothing is written (no event, so no read model row and no e-mail); a blank one is a person.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const post = (path: string, body: unknown) =>
  fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(api.database.handle.db);
  return rows[0]!.n;
}

const answers = [
  { question: 'What slows you down the most?', answer: 'manual_work' },
  { question: 'Which area?', answer: 'finance' },
  { question: 'How do you handle it today?', answer: 'spreadsheet' },
  { question: 'How big is your team?', answer: 'solo' },
];

// Every public form and a body a person would send; the same body with the trap filled must write nothing.
const forms: [path: string, body: (email: string) => Record<string, unknown>, shape: Record<string, unknown>][] = [
  [
    '/api/leads',
    (email) => ({ email, source_page: '/' }),
    { position: expect.any(Number), refCode: expect.stringMatching(/^[0-9A-Z]{6}$/), spotsLeft: expect.any(Number), alreadyJoined: false },
  ],
  ['/api/newsletter/subscriptions', (email) => ({ email, source_page: '/' }), { subscribed: true }],
  ['/api/referral-codes', (email) => ({ email }), { code: expect.stringMatching(/^[0-9A-Z]{6}$/) }],
  [
    '/api/quiz-results',
    (email) => ({ email, answers }),
    { id: expect.any(String), lead: expect.objectContaining({ alreadyJoined: false }) },
  ],
  ['/api/suggestions', (email) => ({ email, suggestion_text: 'A rota planner', category: 'Productivity' }), { id: expect.any(String) }],
  ['/api/quick-questions', (email) => ({ name: 'Ada', email, message: 'Do you export to CSV?' }), { id: expect.any(String) }],
  [
    '/api/developer-inquiries',
    (email) => ({ name: 'Ada', email, message: 'I build tools.', portfolio_url: 'https://ada.dev' }),
    { id: expect.any(String) },
  ],
];

describe('the honeypot field (website)', () => {
  it.each(forms)('%s: a filled trap is answered like a success and writes nothing', async (path, body, shape) => {
    const before = await eventCount();
    const response = await post(path, { ...body('bot@spam.example'), website: 'https://cheap-pills.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject(shape);
    expect(await eventCount()).toBe(before);
  });

  it.each(forms)('%s: a blank trap is a person, whose submit is kept', async (path, body, shape) => {
    const before = await eventCount();
    const response = await post(path, { ...body(`person${path.replaceAll('/', '-')}@example.com`), website: '' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject(shape);
    expect(await eventCount()).toBeGreaterThan(before);
  });

  it('keeps no trace of a bot in the read models', async () => {
    for (const table of [
      'leads',
      'newsletter_subscriptions',
      'referral_codes',
      'quiz_results',
      'suggestions',
      'quick_questions',
      'developer_inquiries',
    ]) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)}
        where ${sql.ref(table === 'referral_codes' ? 'owner_email' : 'email')} = 'bot@spam.example'`.execute(api.database.handle.db);
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it('tells the bot the position a person would get next', async () => {
    const { leadCount } = (await api.get('/api/early-access/status')).body as { leadCount: number };
    const response = await post('/api/leads', { email: 'bot2@spam.example', website: 'x' });
    expect(await response.json()).toMatchObject({ position: leadCount + 1, spotsLeft: 100 - (leadCount + 1) });
    expect((await api.get('/api/early-access/status')).body).toMatchObject({ leadCount });
  });

  it.each(forms)(
    '%s: still validates a bot like anyone (400 for a bad e-mail), and refuses a trap that is not text',
    async (path, body) => {
      const before = await eventCount();
      const badEmail = await post(path, { ...body('not-an-email'), website: 'x' });
      expect(badEmail.status).toBe(400);
      const wrongType = await post(path, { ...body('ok@example.com'), website: 42 });
      expect(wrongType.status).toBe(400);
      expect(((await wrongType.json()) as { fields: unknown }).fields).toEqual({ website: 'Must be text.' });
      expect(await eventCount()).toBe(before);
    },
  );

  it('documents the field on every form in the OpenAPI description', async () => {
    const { body } = await api.get('/api/openapi.json');
    for (const [path] of forms) {
      const schema = body.paths[path].post.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties), path).toContain('website');
      expect(schema.required ?? [], path).not.toContain('website');
    }
  });
});
