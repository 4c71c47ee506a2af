import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

function post(path: string, body: unknown) {
  return fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function rows(table: 'suggestions' | 'quick_questions' | 'developer_inquiries') {
  return (await sql`select * from ${sql.table(table)} order by created_at`.execute(api.database.handle.db)).rows as Record<
    string,
    unknown
  >[];
}

async function owed(template: string): Promise<number> {
  const { rows: result } = await sql<{ n: number }>`
    select count(*)::int as n from email_outbox where template = ${template}`.execute(api.database.handle.db);
  return result[0]!.n;
}

describe('POST /api/suggestions', () => {
  it('keeps the suggestion as new and e-mails the admin', async () => {
    const response = await post('/api/suggestions', {
      email: 'Ada@Example.com',
      suggestion_text: '  A rota planner for cafés  ',
      category: 'HR & Recruiting',
      source_page: '/c/productivity',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await rows('suggestions')).toEqual([
      expect.objectContaining({
        id,
        email: 'ada@example.com',
        suggestion_text: 'A rota planner for cafés',
        category: 'HR & Recruiting',
        source_page: '/c/productivity',
        status: 'new',
      }),
    ]);
    await eventually(async () => (await owed('suggestion-admin')) === 1);
  });

  it.each([
    ['no text', { email: 'a@b.co', suggestion_text: '  ' }, { suggestion_text: 'Please fill in both email and suggestion fields.' }],
    ['no email', { suggestion_text: 'Idea' }, { email: 'Please fill in both email and suggestion fields.' }],
    ['a bad email', { email: 'a@', suggestion_text: 'Idea' }, { email: 'Please enter a valid email address.' }],
    ['501 characters', { email: 'a@b.co', suggestion_text: 'x'.repeat(501) }, { suggestion_text: 'At most 500 characters.' }],
    [
      'an unknown category',
      { email: 'a@b.co', suggestion_text: 'Idea', category: 'Astrology' },
      { category: 'Choose one of the listed categories.' },
    ],
    ['an unknown field', { email: 'a@b.co', suggestion_text: 'Idea', status: 'done' }, { '(body)': 'Unrecognized key: "status"' }],
  ])('answers 400 for %s, writing nothing', async (_, body, fields) => {
    const before = (await rows('suggestions')).length;
    const response = await post('/api/suggestions', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect((await rows('suggestions')).length).toBe(before);
  });
});

describe('POST /api/quick-questions', () => {
  it('keeps the question unread, and e-mails the team and the visitor', async () => {
    const response = await post('/api/quick-questions', { name: ' Linus ', email: 'linus@example.com', message: 'CSV?' });
    expect(response.status).toBe(201);
    expect(await rows('quick_questions')).toEqual([
      expect.objectContaining({ name: 'Linus', email: 'linus@example.com', message: 'CSV?', status: 'unread', admin_notes: null }),
    ]);
    await eventually(async () => (await owed('question-team')) === 1 && (await owed('question-ack')) === 1);
  });

  it.each([
    [{ name: ' ', email: 'a@b.co', message: 'Hi' }, 'name'],
    [{ name: 'A', email: '', message: 'Hi' }, 'email'],
    [{ name: 'A', email: 'a@b.co', message: '\n\t ' }, 'message'],
  ])('refuses a blank field with the form sentence: %j', async (body, field) => {
    const response = await post('/api/quick-questions', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields[field]).toBe('Please fill in all fields.');
  });
});

describe('POST /api/developer-inquiries', () => {
  it('keeps the inquiry with its links and e-mails the team', async () => {
    const response = await post('/api/developer-inquiries', {
      name: 'Margaret',
      email: 'margaret@example.com',
      message: 'I build small tools.',
      portfolio_url: 'https://margaret.dev',
      linkedin_url: '',
    });
    expect(response.status).toBe(201);
    expect(await rows('developer_inquiries')).toEqual([
      expect.objectContaining({ name: 'Margaret', portfolio_url: 'https://margaret.dev', linkedin_url: null, status: 'unread' }),
    ]);
    await eventually(async () => (await owed('developer-inquiry-team')) === 1);
  });

  it.each([
    [{ name: 'M', email: 'm@x.io' }, { message: 'Please fill in all required fields.' }],
    [
      { name: 'M', email: 'm@x.io', message: 'Hi', linkedin_url: 'javascript:alert(1)' },
      { linkedin_url: 'Please enter a full http(s) address.' },
    ],
  ])('answers 400 naming the field: %j', async (body, fields) => {
    const before = (await rows('developer_inquiries')).length;
    const response = await post('/api/developer-inquiries', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    expect((await rows('developer_inquiries')).length).toBe(before);
  });
});
