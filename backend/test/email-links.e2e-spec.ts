/**
 * Where the links in e-mails point: always PUBLIC_BASE_URL when it is set (production requires it), whatever
 * the request's Origin or Host; without it, `npm start`'s http://localhost:PORT, whatever a request says; only
 * in development (`npm run dev`, LINKS_FOLLOW_VISITOR), the address the visitor used, as long as it is this
 * machine (the Vite dev server on :5173, 127.0.0.1 instead of localhost), never another one.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../src/shared/testing/eventually.js';
import { startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { post } from './auth-helpers.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

let seq = 0;
const address = () => `links-${++seq}-${Date.now()}@example.com`;

/** The links of the e-mail that reaches `to`. */
async function linksTo(to: string): Promise<string[]> {
  let mail: ParsedMail | undefined;
  await eventually(
    () => {
      mail = smtp.messages.find((message) => message.to && JSON.stringify(message.to).includes(to));
      return mail !== undefined;
    },
    { timeout: 15_000 },
  );
  return [...mail!.text!.matchAll(/https?:\/\/\S+/g)].map(([link]) => link);
}

/** Every e-mail with a link that a public request causes, each from a request with the given headers. */
async function emailsFrom(api: ApiHarness, headers: Record<string, string>): Promise<Record<string, string[]>> {
  const lead = address();
  const account = address();
  expect((await post(api, '/api/leads', { email: lead }, headers)).status).toBe(201);
  expect((await post(api, '/api/auth/sign-up', { email: account, password: 'secret-pw-1' }, headers)).status).toBe(201);
  const welcome = await linksTo(lead);
  const confirmAccount = await linksTo(account);
  smtp.messages.length = 0;
  expect((await post(api, '/api/referral-codes', { email: lead }, headers)).status).toBe(201);
  expect((await post(api, '/api/auth/forgot-password', { email: account }, headers)).status).toBe(202);
  expect((await post(api, '/api/leads', { email: lead }, headers)).status).toBe(201);
  const [shareLink, reset] = [await linksTo(lead), await linksTo(account)];
  await eventually(() => smtp.messages.filter((message) => JSON.stringify(message.to).includes(lead)).length >= 2, { timeout: 15_000 });
  const alreadyOnList = smtp.messages
    .filter((message) => JSON.stringify(message.to).includes(lead))
    .flatMap((message) => [...message.text!.matchAll(/https?:\/\/\S+/g)].map(([link]) => link));
  smtp.messages.length = 0;
  return { welcome, confirmAccount, shareLink, reset, alreadyOnList };
}

const origins = (emails: Record<string, string[]>) =>
  new Set(Object.values(emails).flatMap((links) => links.map((link) => new URL(link).origin)));

describe('e-mail links of `npm start` without PUBLIC_BASE_URL (the embedded product)', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', PUBLIC_BASE_URL: '', NODE_ENV: 'development', PORT: '3000' });
  });
  afterAll(() => api?.close());

  it("point at the app's own address, never at another port a request's Origin names", async () => {
    const emails = await emailsFrom(api, { Origin: 'http://localhost:9999' });
    expect(Object.values(emails).every((links) => links.length > 0)).toBe(true);
    expect(origins(emails)).toEqual(new Set(['http://localhost:3000']));
  });
});

describe('e-mail links in development (`npm run dev`: LINKS_FOLLOW_VISITOR, no PUBLIC_BASE_URL)', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', PUBLIC_BASE_URL: '', LINKS_FOLLOW_VISITOR: 'true' });
  });
  afterAll(() => api?.close());

  it('use the address the visitor used: the Vite dev server, or 127.0.0.1', async () => {
    const vite = await emailsFrom(api, { Origin: 'http://localhost:5173' });
    expect(Object.values(vite).every((links) => links.length > 0)).toBe(true);
    expect(origins(vite)).toEqual(new Set(['http://localhost:5173']));

    const port = new URL(api.url('/')).port;
    const loopback = await emailsFrom(api, { Origin: `http://127.0.0.1:${port}` });
    expect(origins(loopback)).toEqual(new Set([`http://127.0.0.1:${port}`]));
  });

  it('never point at another machine, whatever the Origin says', async () => {
    const port = new URL(api.url('/')).port;
    const hostile = await emailsFrom(api, { Origin: 'https://evil.example' });
    expect(origins(hostile)).toEqual(new Set([`http://127.0.0.1:${port}`]));
  });
});

describe('e-mail links with PUBLIC_BASE_URL', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', PUBLIC_BASE_URL: 'https://unsheet.example.com' });
  });
  afterAll(() => api?.close());

  it('point there, whatever the Origin or Host of the request', async () => {
    const emails = await emailsFrom(api, { Origin: 'http://localhost:5173' });
    expect(Object.values(emails).every((links) => links.length > 0)).toBe(true);
    expect(origins(emails)).toEqual(new Set(['https://unsheet.example.com']));
  });
});
