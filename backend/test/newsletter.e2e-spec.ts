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

function post(body: string, contentType = 'application/json') {
  return fetch(api.url('/api/newsletter/subscriptions'), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
}

async function written(): Promise<{ events: number; rows: number }> {
  const db = api.database.handle.db;
  const events = await sql<{ n: number }>`select count(*)::int as n from events where type = 'NewsletterSubscribed'`.execute(db);
  const rows = await sql<{ n: number }>`select count(*)::int as n from newsletter_subscriptions`.execute(db);
  return { events: events.rows[0]!.n, rows: rows.rows[0]!.n };
}

describe('POST /api/newsletter/subscriptions', () => {
  it('subscribes an address once, normalised, and answers a repeat as it answered the first, without writing', async () => {
    const first = await post(JSON.stringify({ email: '  Ada@Example.com ', source_page: '/c/finance' }));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ subscribed: true });
    // Nothing in the answer tells a stranger that the address is on the list.
    const again = await post(JSON.stringify({ email: 'ada@example.COM' }));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ subscribed: true });
    const { rows } = await sql`select email, source_page from newsletter_subscriptions`.execute(api.database.handle.db);
    expect(rows).toEqual([{ email: 'ada@example.com', source_page: '/c/finance' }]);
    expect(await written()).toEqual({ events: 1, rows: 1 });
  });

  it('keeps the first 300 characters of a long source page', async () => {
    const response = await post(JSON.stringify({ email: 'long@example.com', source_page: `/${'p'.repeat(1000)}` }));
    expect(response.status).toBe(201);
    const { rows } = await sql<{ source_page: string }>`
      select source_page from newsletter_subscriptions where email = 'long@example.com'`.execute(api.database.handle.db);
    expect(rows[0]!.source_page).toBe(`/${'p'.repeat(299)}`);
  });

  it('lets exactly one of many concurrent subscriptions of an address write', async () => {
    const before = await written();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => post(JSON.stringify({ email: 'grace@example.com' })).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 201));
    expect(await written()).toEqual({ events: before.events + 1, rows: before.rows + 1 });
  });

  it.each([
    ['a missing email', '{}', { email: 'Please enter your email address.' }],
    ['an empty email', '{"email":"   "}', { email: 'Please enter your email address.' }],
    ['an invalid email', '{"email":"ada@"}', { email: 'Please enter a valid email address.' }],
    ['a number', '{"email":42}', { email: 'Please enter your email address.' }],
    ['an unknown field', '{"email":"ada@example.com","admin":true}', { '(body)': 'Unrecognized key: "admin"' }],
    ['SQL in the email', `{"email":"x' or 1=1; drop table events; --@a.b"}`, { email: 'Please enter a valid email address.' }],
    ['a script as email', '{"email":"<script>alert(1)</script>"}', { email: 'Please enter a valid email address.' }],
    [
      'an oversized source page',
      JSON.stringify({ email: 'ada@example.com', source_page: 'x'.repeat(2049) }),
      { source_page: expect.any(String) },
    ],
    ['an array body', '[]', { '(body)': expect.any(String) }],
  ])('answers 400 naming the field for %s, writing nothing', async (_, body, fields) => {
    const before = await written();
    const response = await post(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; fields: unknown };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
    expect(await written()).toEqual(before);
  });

  it('answers malformed JSON with a clear 400', async () => {
    const response = await post('{"email": "ada@example.com"');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a body over 64 KB with 413', async () => {
    const before = await written();
    const response = await post(JSON.stringify({ email: 'ada@example.com', source_page: 'x'.repeat(70_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await written()).toEqual(before);
  });

  it('refuses a body that is not JSON with 415, writing nothing', async () => {
    const before = await written();
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await post('email=ada@example.com', contentType);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      });
    }
    expect(await written()).toEqual(before);
  });
});
