/**
 * A visitor's side of the waitlist for API tests: a browser (its own cookie jar, so a repeated join from it
 * is told its place again, as the site's would be) and confirming a lead as the link in its welcome e-mail
 * does.
 */
import { sql } from 'kysely';
import {
  LEAD_CONFIRMATION_PATH,
  LEAD_CONFIRMATION_PURPOSE,
  LEAD_CONFIRMATION_TOKEN_TTL_SECONDS,
} from '../src/early-access/waitlist/lead.events.js';
import { appSecret, signToken } from '../src/shared/security/signed-token.js';
import type { JoinWaitlistResult } from '../../contracts/early-access/waitlist.js';
import type { ApiHarness } from './api-harness.js';

/** A browser: sends and keeps the cookies the API sets (the waitlist's memory of the leads it joined as). */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(private readonly api: Pick<ApiHarness, 'url'>) {}

  async post(path: string, body: unknown): Promise<Response> {
    const response = await fetch(this.api.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }

  join(body: unknown): Promise<Response> {
    return this.post('/api/leads', body);
  }
}

/** Joins from a browser of its own (a new visitor each time) and reads the answer. */
export async function joinAnswer(api: Pick<ApiHarness, 'url'>, body: unknown): Promise<JoinWaitlistResult> {
  const response = await new Browser(api).join(body);
  if (response.status !== 201 && response.status !== 200) throw new Error(`join answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as JoinWaitlistResult;
}

/** The link in the lead's welcome e-mail, signed as the e-mail reactor signs it. */
export async function confirmationLink(api: Pick<ApiHarness, 'url' | 'config' | 'database'>, email: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from leads where email = ${email}`.execute(api.database.handle.db);
  if (!rows[0]) throw new Error(`no lead ${email}`);
  const token = signToken(appSecret(api.config), LEAD_CONFIRMATION_PURPOSE, rows[0].id, LEAD_CONFIRMATION_TOKEN_TTL_SECONDS);
  return api.url(`${LEAD_CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`);
}

/** Confirms the leads' addresses, as their owners pressing the button of the confirmation page do. */
export async function confirmLeads(api: Pick<ApiHarness, 'url' | 'config' | 'database'>, ...emails: string[]): Promise<void> {
  for (const email of emails) {
    const response = await fetch(await confirmationLink(api, email), { method: 'POST' });
    if (response.status !== 200) throw new Error(`confirming ${email} answered ${response.status}: ${await response.text()}`);
  }
}
