/**
 * Conversions for our own analytics: each confirmed lead, newsletter subscription, suggestion and contact
 * form appends one ConversionRecorded with the spec's value in USD; a lead that has not confirmed its address,
 * a duplicate, a refused input, a bot caught by the honeypot and a developer inquiry record none.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';
import { confirmationLink, confirmLeads } from './waitlist-helpers.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const post = (path: string, body: unknown) =>
  fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Conversion {
  kind: string;
  value: number;
  currency: string;
  sourceId: string;
}

async function conversions(): Promise<Conversion[]> {
  const { rows } = await sql<{ data: Conversion }>`
    select data from events where type = 'ConversionRecorded' order by global_position`.execute(api.database.handle.db);
  return rows.map((row) => row.data);
}

async function newConversions(action: () => Promise<unknown>): Promise<Conversion[]> {
  const before = (await conversions()).length;
  await action();
  return (await conversions()).slice(before);
}

const answers = ['manual_work', 'finance', 'spreadsheet', 'solo'].map((answer, i) => ({ question: `Question ${i + 1}`, answer }));

describe('ConversionRecorded', () => {
  it('records a lead at 1 USD once its address is confirmed, once per address', async () => {
    expect(
      await newConversions(async () => {
        expect((await post('/api/leads', { email: 'ada@example.com', source_page: '/' })).status).toBe(201);
      }),
    ).toEqual([]);
    const { rows } = await sql<{ id: string }>`select id from leads where email = 'ada@example.com'`.execute(api.database.handle.db);
    expect(await newConversions(() => confirmLeads(api, 'ada@example.com'))).toEqual([
      { kind: 'lead', value: 1, currency: 'USD', sourceId: rows[0]!.id },
    ]);
    expect(await newConversions(() => post('/api/leads', { email: 'ADA@example.com ', source_page: '/' }))).toEqual([]);
    expect(await newConversions(() => confirmLeads(api, 'ada@example.com'))).toEqual([]);
  });

  it('records a newsletter subscription at 0.5 USD, not a repeated one', async () => {
    const recorded = await newConversions(() => post('/api/newsletter/subscriptions', { email: 'news@example.com', source_page: '/' }));
    expect(recorded).toEqual([{ kind: 'newsletter', value: 0.5, currency: 'USD', sourceId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(await newConversions(() => post('/api/newsletter/subscriptions', { email: 'news@example.com' }))).toEqual([]);
  });

  it('records a suggestion at 2 USD and a contact-form question at 1.5 USD', async () => {
    let id = '';
    expect(
      await newConversions(async () => {
        id = (
          (await (await post('/api/suggestions', { email: 'idea@example.com', suggestion_text: 'A rota planner' })).json()) as {
            id: string;
          }
        ).id;
      }),
    ).toEqual([{ kind: 'suggestion', value: 2, currency: 'USD', sourceId: id }]);
    expect(
      await newConversions(async () => {
        id = (
          (await (await post('/api/quick-questions', { name: 'Ada', email: 'q@example.com', message: 'CSV export?' })).json()) as {
            id: string;
          }
        ).id;
      }),
    ).toEqual([{ kind: 'contact_form', value: 1.5, currency: 'USD', sourceId: id }]);
  });

  it('records a quiz that puts a new address on the list as a lead, and nothing for one already there', async () => {
    expect(await newConversions(() => post('/api/quiz-results', { email: 'quizzer@example.com', answers }))).toEqual([]);
    const recorded = await newConversions(() => confirmLeads(api, 'quizzer@example.com'));
    expect(recorded).toEqual([expect.objectContaining({ kind: 'lead', value: 1 })]);
    expect(await newConversions(() => post('/api/quiz-results', { email: 'quizzer@example.com', answers }))).toEqual([]);
  });

  it('records nothing for a developer inquiry, a refused input or a bot', async () => {
    expect(
      await newConversions(async () => {
        expect((await post('/api/developer-inquiries', { name: 'Dev', email: 'dev@example.com', message: 'Hi' })).status).toBe(201);
        expect((await post('/api/leads', { email: 'nope@' })).status).toBe(400);
        expect((await post('/api/suggestions', { email: 'x@example.com', suggestion_text: 'x'.repeat(501) })).status).toBe(400);
        expect((await post('/api/leads', { email: 'bot@spam.example', website: 'x' })).status).toBe(201);
        expect((await post('/api/quick-questions', { name: 'Bot', email: 'bot@spam.example', message: 'Buy', website: 'x' })).status).toBe(
          201,
        );
      }),
    ).toEqual([]);
  });

  it('records one conversion per lead under 30 concurrent joins and confirmations', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => post('/api/leads', { email: `rush${i % 15}@example.com`, source_page: '/' })));
    const { rows } = await sql<{ id: string; email: string }>`select id, email from leads where email like 'rush%'`.execute(
      api.database.handle.db,
    );
    const links = await Promise.all(rows.flatMap((row) => [confirmationLink(api, row.email), confirmationLink(api, row.email)]));
    const recorded = await newConversions(() => Promise.all(links.map((link) => fetch(link, { method: 'POST' }))));
    expect(recorded).toHaveLength(15);
    expect(new Set(recorded.map((c) => c.sourceId))).toEqual(new Set(rows.map((r) => r.id)));
  });
});
