/**
 * The Search Console searchAnalytics.query API with a service account: a signed JWT (RS256) is exchanged
 * for an access token at the key's token_uri (OAuth 2.0 JWT bearer grant), then the query rows are read a
 * page at a time, by query and date. Plain fetch and node:crypto: two requests do not need Google's SDK.
 */
import { sign } from 'node:crypto';
import { z } from 'zod';
import type { SearchQueryRow } from './search-query.events.js';

const SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const TIMEOUT_MS = 20_000;

const serviceAccountKey = z.object({
  client_email: z.string(),
  private_key: z.string(),
  token_uri: z.string().default(DEFAULT_TOKEN_URI),
});

const tokenResponse = z.object({ access_token: z.string() });
const queryResponse = z.object({
  rows: z
    .array(
      z.object({
        keys: z.array(z.string()),
        clicks: z.number(),
        impressions: z.number(),
        position: z.number(),
      }),
    )
    .default([]),
});

export interface SearchConsoleSettings {
  /** The service account JSON key, as downloaded from Google Cloud. */
  credentials: string;
  /** The property: 'https://unsheet.app/' or 'sc-domain:unsheet.app'. */
  siteUrl: string;
  apiUrl: string;
  /** Overrides the key's token_uri (tests). */
  tokenUrl?: string;
  rowLimit?: number;
}

export class SearchConsoleError extends Error {}

export async function fetchSearchQueryRows(settings: SearchConsoleSettings, startDate: string, endDate: string): Promise<SearchQueryRow[]> {
  const token = await accessToken(settings);
  const rowLimit = settings.rowLimit ?? 25_000;
  const url = `${settings.apiUrl.replace(/\/$/, '')}/webmasters/v3/sites/${encodeURIComponent(settings.siteUrl)}/searchAnalytics/query`;
  const rows: SearchQueryRow[] = [];
  for (let startRow = 0; ; startRow += rowLimit) {
    const body = { startDate, endDate, dimensions: ['query', 'date'], rowLimit, startRow, dataState: 'final' };
    const page = queryResponse.parse(
      await call(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    for (const row of page.rows) {
      const [query, date] = row.keys;
      if (!query || !date) continue;
      rows.push({ startDate: date, endDate: date, query, clicks: row.clicks, impressions: row.impressions, position: row.position });
    }
    if (page.rows.length < rowLimit) return rows;
  }
}

async function accessToken(settings: SearchConsoleSettings): Promise<string> {
  const key = serviceAccountKey.parse(JSON.parse(settings.credentials));
  const tokenUrl = settings.tokenUrl ?? key.token_uri;
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: key.client_email, scope: SCOPE, aud: tokenUrl, iat: now, exp: now + 3600 })}`;
  const assertion = `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), key.private_key).toString('base64url')}`;
  const answer = await call(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  return tokenResponse.parse(answer).access_token;
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new SearchConsoleError(`${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
