/**
 * Search-query stats: the Search Console API path against a local HTTP server that answers like Google's
 * OAuth token endpoint and searchAnalytics.query, and the CSV import for sites without credentials.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../src/shared/testing/eventually.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const SITE = 'sc-domain:unsheet.app';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let google: Server;
let googleUrl: string;
let failing = false;
const queryRequests: { path: string; authorization?: string; body: any }[] = [];
const tokenRequests: { claims: any; validSignature: boolean }[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

let api: ApiHarness;

beforeAll(async () => {
  google = createServer((request, response) => void answerAsGoogle(request, response));
  async function answerAsGoogle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.url === '/token') {
      const form = new URLSearchParams(body);
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.') as [string, string, string];
      const validSignature = verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
      tokenRequests.push({ claims: JSON.parse(Buffer.from(claims, 'base64url').toString()), validSignature });
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !validSignature)
        return answer(400, { error: 'invalid_grant' });
      return answer(200, { access_token: 'ya29.test-token', expires_in: 3599, token_type: 'Bearer' });
    }
    queryRequests.push({ path: request.url!, authorization: request.headers.authorization, body: JSON.parse(body) });
    if (failing) return answer(500, { error: { code: 500, message: 'Backend Error' } });
    if (request.headers.authorization !== 'Bearer ya29.test-token') return answer(401, { error: { code: 401 } });
    return answer(200, {
      rows: [
        { keys: ['spreadsheet alternative', day(-3)], clicks: 10, impressions: 100, ctr: 0.1, position: 4 },
        { keys: ['spreadsheet alternative', day(-2)], clicks: 5, impressions: 300, ctr: 0.0167, position: 8 },
        { keys: ['invoice reminder tool', day(-2)], clicks: 2, impressions: 40, ctr: 0.05, position: 12.25 },
        { keys: ["<script>alert('q')</script>", day(-1)], clicks: 0, impressions: 7, ctr: 0, position: 30 },
      ],
      responseAggregationType: 'byProperty',
    });
  }
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  const credentials = JSON.stringify({
    type: 'service_account',
    project_id: 'unsheet-test',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: 'analytics@unsheet-test.iam.gserviceaccount.com',
    token_uri: `${googleUrl}/token`,
  });
  api = await startApi({ SEARCH_CONSOLE_CREDENTIALS: credentials, SEARCH_CONSOLE_SITE_URL: SITE, SEARCH_CONSOLE_API_URL: googleUrl });
  await api.signInAsAdmin();
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => google?.close(resolve));
});

function post(harness: ApiHarness, path: string, body?: unknown) {
  return fetch(harness.url(path), {
    method: 'POST',
    headers: { ...harness.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const topQueries = async (harness: ApiHarness, query: string) =>
  (await harness.get(`/api/admin/analytics/search-queries?${query}`)).body.topQueries;

describe('POST /api/admin/analytics/search-queries/fetch (Search Console API)', () => {
  it('signs in with the service account and records the last 7 days by query and date', async () => {
    const response = await post(api, '/api/admin/analytics/search-queries/fetch');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: 4, startDate: day(-7), endDate: day(-1) });
    expect(tokenRequests.at(-1)).toEqual({
      validSignature: true,
      claims: expect.objectContaining({
        iss: 'analytics@unsheet-test.iam.gserviceaccount.com',
        scope: 'https://www.googleapis.com/auth/webmasters.readonly',
        aud: `${googleUrl}/token`,
      }),
    });
    expect(queryRequests.at(-1)).toEqual({
      path: '/webmasters/v3/sites/sc-domain%3Aunsheet.app/searchAnalytics/query',
      authorization: 'Bearer ya29.test-token',
      body: { startDate: day(-7), endDate: day(-1), dimensions: ['query', 'date'], rowLimit: 25000, startRow: 0, dataState: 'final' },
    });

    await eventually(async () => (await topQueries(api, `from=${day(-7)}&to=${day(-1)}`)).length === 3);
    expect(await topQueries(api, `from=${day(-7)}&to=${day(-1)}`)).toEqual([
      // 15 clicks / 400 impressions; position weighted by impressions: (4×100 + 8×300) / 400 = 7
      { query: 'spreadsheet alternative', totalImpressions: 400, totalClicks: 15, ctr: 3.75, avgPosition: 7 },
      { query: 'invoice reminder tool', totalImpressions: 40, totalClicks: 2, ctr: 5, avgPosition: 12.3 },
      { query: "<script>alert('q')</script>", totalImpressions: 7, totalClicks: 0, ctr: 0, avgPosition: 30 },
    ]);
    // Only the days inside the range count.
    expect(await topQueries(api, `from=${day(-2)}&to=${day(-2)}&limit=1`)).toEqual([
      { query: 'spreadsheet alternative', totalImpressions: 300, totalClicks: 5, ctr: 1.67, avgPosition: 8 },
    ]);
  });

  it('replaces, not adds, a day fetched again', async () => {
    expect((await post(api, '/api/admin/analytics/search-queries/fetch', { startDate: day(-3), endDate: day(-1) })).status).toBe(200);
    expect(queryRequests.at(-1)!.body).toMatchObject({ startDate: day(-3), endDate: day(-1) });
    await settled(api);
    expect((await topQueries(api, `from=${day(-7)}&to=${day(-1)}`))[0]).toMatchObject({ totalClicks: 15, totalImpressions: 400 });
  });

  it('answers 503 when Search Console fails, recording nothing', async () => {
    failing = true;
    try {
      const response = await post(api, '/api/admin/analytics/search-queries/fetch', {});
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'ANALYTICS.SEARCH_CONSOLE_UNAVAILABLE',
        message: 'Search Console could not be reached. Please try again later.',
      });
    } finally {
      failing = false;
    }
  });

  it.each([
    [{ startDate: 'last week' }, { startDate: 'Use the form YYYY-MM-DD.' }],
    [{ startDate: day(-1), endDate: day(-3) }, { endDate: 'Must not be before startDate.' }],
    [{ siteUrl: 'https://evil.example' }, { '(body)': 'Unrecognized key: "siteUrl"' }],
  ])('answers 400 for %j', async (body, fields) => {
    const response = await post(api, '/api/admin/analytics/search-queries/fetch', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
  });
});

describe('POST /api/admin/analytics/search-queries/import (CSV export)', () => {
  let plain: ApiHarness;
  beforeAll(async () => {
    plain = await startApi();
    await plain.signInAsAdmin();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('answers 503 to a fetch without credentials, naming the CSV way', async () => {
    const response = await post(plain, '/api/admin/analytics/search-queries/fetch');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'ANALYTICS.SEARCH_CONSOLE_NOT_CONFIGURED',
      message: 'Search Console is not connected (SEARCH_CONSOLE_CREDENTIALS). Import a Queries CSV export instead.',
    });
  });

  it('records a whole export (over 64 KB) for its period', async () => {
    const rows = Array.from(
      { length: 1300 },
      (_, i) => `"ai tool for small business number ${i}",${i % 7},${2000 - i},0.1%,${(i % 50) + 1.5}`,
    );
    const csv = ['Top queries,Clicks,Impressions,CTR,Position', '"spreadsheet, but better",40,800,5%,3.2', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const response = await post(plain, '/api/admin/analytics/search-queries/import', {
      startDate: '2026-10-01',
      endDate: '2026-10-28',
      csv,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: 1301, startDate: '2026-10-01', endDate: '2026-10-28' });
    await eventually(async () => (await topQueries(plain, 'from=2026-10-01&to=2026-10-31&limit=1000')).length === 1000);
    expect(await topQueries(plain, 'from=2026-10-01&to=2026-10-31&limit=2')).toEqual([
      { query: 'spreadsheet, but better', totalImpressions: 800, totalClicks: 40, ctr: 5, avgPosition: 3.2 },
      { query: 'ai tool for small business number 6', totalImpressions: 1994, totalClicks: 6, ctr: 0.3, avgPosition: 7.5 },
    ]);
    // A range that does not hold the whole period leaves it out.
    expect(await topQueries(plain, 'from=2026-10-02&to=2026-10-31')).toEqual([]);
  });

  it.each([
    [
      { startDate: '2026-10-01', endDate: '2026-10-28', csv: 'Page,Clicks\n/,1' },
      { csv: 'Expected the columns Top queries, Clicks, Impressions and Position (a Search Console Queries export).' },
    ],
    [{ startDate: '2026-10-01', endDate: '2026-10-28', csv: '' }, { csv: 'Paste or upload the Queries.csv export.' }],
    [{ startDate: '2026-10-01', csv: 'x' }, { endDate: 'Use the form YYYY-MM-DD.' }],
    [{ startDate: '2026-10-01', endDate: '2026-10-28', csv: 42 }, { csv: 'Paste or upload the Queries.csv export.' }],
  ])('answers 400 for %j', async (body, fields) => {
    const response = await post(plain, '/api/admin/analytics/search-queries/import', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
  });

  it('keeps the 64 KB limit everywhere else', async () => {
    const response = await post(plain, '/api/admin/analytics/search-queries/fetch', { startDate: 'x'.repeat(70_000) });
    expect(response.status).toBe(413);
  });
});
