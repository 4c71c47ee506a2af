/**
 * Accounts under attack, over HTTP against the real app, reading the e-mails from a real SMTP server:
 * nobody can take an address's account ahead of its owner (pre-hijacking), a forgotten password is reset by
 * a single-use link, a session ends when it should (sign-out, erasure, a role taken back, a replayed
 * refresh token), and wrong passwords lock out the guessing client, not the owner.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../src/identity/commands/grant-admin.js';
import { CONFIRMATION_TOKEN_PURPOSE, PASSWORD_RESET_TOKEN_PURPOSE } from '../src/identity/confirmation-link.js';
import { erasePersonalData } from '../src/privacy/erase-personal-data.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { signToken } from '../src/shared/security/signed-token.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { recipients, startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { passwordResetRequestedSchema, sessionSchema } from '../../contracts/identity/session.js';
import { accountId, bearer, createAdmin, json, post, signIn, signUpConfirmed } from './auth-helpers.js';
import { expectContract } from './contract-helpers.js';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const BASE = 'https://unsheet.example.com';
const run = promisify(execFile);

let api: ApiHarness;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startApi({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, EMAIL_POLL_MS: '50' });
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const db = () => api.database.handle.db;

function mailsTo(address: string, subject?: string): ParsedMail[] {
  return smtp.messages.filter((m) => recipients(m).includes(address) && (subject === undefined || m.subject === subject));
}

/** Waits for the `count`-th e-mail with this subject to this address, and returns it. */
async function mail(address: string, subject: string, count = 1): Promise<ParsedMail> {
  await eventually(() => mailsTo(address, subject).length >= count, { timeout: 10_000 });
  return mailsTo(address, subject)[count - 1]!;
}

/** The token of the e-mail's link: `?token=` for a confirmation, `#token=` (never sent to a server) for a reset. */
function linkIn(message: ParsedMail, page: '/auth/confirm' | '/auth/reset-password'): string {
  const separator = page === '/auth/confirm' ? '\\?' : '#';
  const match = new RegExp(`${BASE.replace(/\./g, '\\.')}${page}${separator}token=(\\S+)`).exec(message.text ?? '');
  expect(match, `a ${page} link in: ${message.text}`).not.toBeNull();
  return match![1]!;
}

const CONFIRM = 'Confirm your Unsheet account';
const TRIED = 'Someone tried to create an account with your address';
const RESET = 'Reset your Unsheet password';

function cookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('unsheet_refresh='))
    ?.split(';')[0];
}

const refresh = (cookie: string) => fetch(api.url('/api/auth/refresh'), { method: 'POST', headers: { cookie } });
const signOut = (cookie: string) => fetch(api.url('/api/auth/sign-out'), { method: 'POST', headers: { cookie } });
const adminGet = (accessToken: string) => fetch(api.url('/api/admin/leads'), { headers: { authorization: `Bearer ${accessToken}` } });

async function signInCookie(email: string, password: string): Promise<{ cookie: string; accessToken: string }> {
  const response = await post(api, '/api/auth/sign-in', { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  return { cookie: cookieOf(response)!, accessToken: (await json(response)).accessToken };
}

async function streamTypes(userId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from events where stream_id = ${`user-${userId}`} order by stream_version`.execute(db());
  return rows.map((row) => row.type);
}

/** Rows of every table (the log included): a refused request writes none. */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(db());
  const select = tables.map(({ table_name }) => `(select count(*) from "${table_name}")::int as "${table_name}"`).join(', ');
  const { rows } = await sql.raw<Record<string, number>>(`select ${select}`).execute(db());
  return rows[0]!;
}

describe('pre-hijacking', () => {
  it('replaces a pending registration when the address signs up again: the new password, a new link, earlier links void', async () => {
    const address = 'victim@example.com';
    const attacker = await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw', display_name: 'Mallory' });
    // Each link taken before the next sign-up: two e-mails sent together may arrive in either order.
    const attackersLink = linkIn(await mail(address, CONFIRM, 1), '/auth/confirm');
    const owner = await post(api, '/api/auth/sign-up', { email: 'Victim@Example.com', password: 'owner-pw' });
    // Both answered alike: nothing tells the second that the address was known.
    expect([attacker.status, owner.status]).toEqual([201, 201]);
    expect(Object.keys(await json(attacker))).toEqual(Object.keys(await json(owner)));
    const userId = await accountId(api, address);
    expect(await streamTypes(userId)).toEqual(['UserRegistered', 'RegistrationRenewed']);

    const ownersLink = linkIn(await mail(address, CONFIRM, 2), '/auth/confirm');
    const voided = await post(api, '/api/auth/confirm', { token: attackersLink });
    expect(voided.status).toBe(400);
    expect(await json(voided)).toEqual({
      code: 'AUTH.CONFIRMATION_INVALID',
      message: 'This confirmation link is invalid or has expired. Please sign up again or ask for a new link.',
    });
    expect(voided.headers.getSetCookie()).toEqual([]);

    // More than one sign-up used the address: the link also takes that sign-up's password.
    const withoutPassword = await post(api, '/api/auth/confirm', { token: ownersLink });
    expect(withoutPassword.status).toBe(400);
    expect(await json(withoutPassword)).toMatchObject({
      code: 'AUTH.CONFIRMATION_PASSWORD_REQUIRED',
      fields: {
        password: 'More than one sign-up used this address. To confirm your account, enter the password you chose when you signed up.',
      },
    });
    expect((await json(await post(api, '/api/auth/confirm', { token: ownersLink, password: 'attacker-pw' }))).code).toBe(
      'AUTH.CONFIRMATION_PASSWORD_WRONG',
    );
    const confirmed = await post(api, '/api/auth/confirm', { token: ownersLink, password: 'owner-pw' });
    expect(confirmed.status).toBe(200);
    // The owner's account: their password and name, none of the attacker's.
    expect((await json(confirmed)).user).toEqual({ id: userId, email: 'victim@example.com', displayName: 'victim', role: 'user' });
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'attacker-pw' })).status).toBe(401);
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'owner-pw' })).status).toBe(200);
    expect(await db().selectFrom('users').select('id').where('email', 'ilike', address).execute()).toHaveLength(1);
  });

  it("cannot make the owner confirm a stranger's sign-up made after theirs: that link also takes the stranger's password", async () => {
    const address = 'raced@example.com';
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'owner-pw' })).status).toBe(201);
    // Each link taken before the next sign-up: two e-mails sent together may arrive in either order.
    const ownersLink = linkIn(await mail(address, CONFIRM, 1), '/auth/confirm');
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw' })).status).toBe(201);
    const strangersLink = linkIn(await mail(address, CONFIRM, 2), '/auth/confirm');
    // The owner follows the newest link with their own password: refused, and nothing is confirmed.
    const before = await rowCounts();
    const wrong = await post(api, '/api/auth/confirm', { token: strangersLink, password: 'owner-pw' });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({
      code: 'AUTH.CONFIRMATION_PASSWORD_WRONG',
      message:
        'This is not the password of the latest sign-up with this address. If you did not choose it, sign up again: only the link of your sign-up will confirm it.',
    });
    expect((await post(api, '/api/auth/confirm', { token: strangersLink })).status).toBe(400);
    expect((await post(api, '/api/auth/confirm', { token: ownersLink, password: 'owner-pw' })).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    // Signing up again makes the owner's registration the latest; its link and password confirm it.
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'owner-pw' })).status).toBe(201);
    const newest = linkIn(await mail(address, CONFIRM, 3), '/auth/confirm');
    expect((await post(api, '/api/auth/confirm', { token: newest, password: 'owner-pw' })).status).toBe(200);
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'attacker-pw' })).status).toBe(401);
  });

  it('answers a sign-up with a confirmed address exactly as a new one, and e-mails the owner instead, with no text of the requester', async () => {
    const address = 'owner@example.com';
    await signUpConfirmed(api, address, 'owner-secret');
    const ownerId = await accountId(api, address);
    const before = await streamTypes(ownerId);

    const taken = await post(api, '/api/auth/sign-up', {
      email: 'OWNER@example.com',
      password: 'attacker-pw',
      display_name: 'Call 555-0100 now',
      redirect_to: '/admin/dashboard',
    });
    const fresh = await post(api, '/api/auth/sign-up', {
      email: 'newcomer@example.com',
      password: 'attacker-pw',
      display_name: 'Call 555-0100 now',
      redirect_to: '/admin/dashboard',
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(await json(taken)).toEqual({ email: 'owner@example.com', displayName: 'Call 555-0100 now' });
    expect(await json(fresh)).toEqual({ email: 'newcomer@example.com', displayName: 'Call 555-0100 now' });
    expect(await streamTypes(ownerId)).toEqual([...before, 'SignUpAttempted']);

    const notice = await mail(address, TRIED);
    expect(notice.text).toContain('Someone tried to create an Unsheet account with your e-mail address.');
    expect(`${notice.html || ''}${notice.text}`).not.toContain('555-0100');
    expect(`${notice.html || ''}${notice.text}`).not.toContain('/admin');
    expect(notice.text).toContain(`${BASE}/auth`);
    await settled(api);
    // No confirmation link for the owner's address, and the account is unchanged.
    expect(mailsTo(address, CONFIRM)).toHaveLength(1);
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'attacker-pw' })).status).toBe(401);
    expect((await signIn(api, address, 'owner-secret')).user.displayName).toBe('owner');
  });

  it("sends the owner's sign-up confirmation even after strangers used up the address's e-mails from the forms", async () => {
    const address = 'asked-about@example.com';
    // Five quick questions naming the address (the acknowledgements use up its day's e-mails from the forms)…
    const question = { name: 'Mallory', email: address, message: 'Is this free?' };
    for (let i = 0; i < 5; i++) expect((await post(api, '/api/quick-questions', question)).status).toBe(201);
    await eventually(() => mailsTo(address).length === 5, { timeout: 10_000 });
    expect((await post(api, '/api/quick-questions', question)).status).toBe(201);
    // …and the owner signs up: the confirmation e-mail comes all the same, and its link opens the account.
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'owner-pw' })).status).toBe(201);
    const link = linkIn(await mail(address, CONFIRM), '/auth/confirm');
    expect((await post(api, '/api/auth/confirm', { token: link })).status).toBe(200);
    await signIn(api, address, 'owner-pw');
    await settled(api);
    // The sixth acknowledgement was over the forms' allowance.
    expect(mailsTo(address)).toHaveLength(6);
  });

  it("keeps the owner's reset link working when a stranger signs up with the address again", async () => {
    const address = 'kept-out@example.com';
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw' })).status).toBe(201);
    await mail(address, CONFIRM);
    // The owner asks for a reset link; the stranger signs up again before the owner follows it.
    expect((await post(api, '/api/auth/forgot-password', { email: address })).status).toBe(202);
    const token = linkIn(await mail(address, RESET), '/auth/reset-password');
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw-2' })).status).toBe(201);
    await mail(address, CONFIRM, 2);
    const reset = await post(api, '/api/auth/reset-password', { token, password: 'owner-pw' });
    expect(reset.status, await reset.clone().text()).toBe(200);
    await signIn(api, address, 'owner-pw');
    for (const password of ['attacker-pw', 'attacker-pw-2']) {
      expect((await post(api, '/api/auth/sign-in', { email: address, password })).status).toBe(401);
    }
    // The link worked once.
    expect((await json(await post(api, '/api/auth/reset-password', { token, password: 'stolen-pw' }))).code).toBe(
      'AUTH.RESET_LINK_INVALID',
    );
  });

  it('costs a sign-up with a confirmed address the same time as a new one: the password is hashed anyway', async () => {
    await signUpConfirmed(api, 'timing@example.com', 'secret1');
    const time = async (email: string) => {
      const started = performance.now();
      expect((await post(api, '/api/auth/sign-up', { email, password: 'secret1' })).status).toBe(201);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time('timing@example.com'));
      unknown.push(await time(`timing-${i}@example.com`));
    }
    // argon2id takes tens of milliseconds: an answer that skipped it comes about ten times faster (a few
    // milliseconds against 50 or more). The fastest of each is compared, since other work on the machine only
    // ever adds time; within a factor of 3 either way, which a skipped hash is far outside of.
    const [fastestKnown, fastestUnknown] = [Math.min(...known), Math.min(...unknown)];
    expect(fastestKnown).toBeGreaterThan(fastestUnknown / 3);
    expect(fastestKnown).toBeLessThan(fastestUnknown * 3);
  });

  it('admin:grant refuses an unconfirmed account, and replaces it only when it creates the account itself with --password', async () => {
    const env = { ...process.env, DATABASE_URL: api.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const cli = (...args: string[]) => run('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ...args], { env }).catch((e) => e);
    const address = 'chief@example.com';
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw' })).status).toBe(201);
    const attackersLink = linkIn(await mail(address, CONFIRM), '/auth/confirm');

    const refused = await cli(address);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This account has not confirmed its address');
    const userId = await accountId(api, address);
    expect(await db().selectFrom('profiles').select('role').where('user_id', '=', userId).executeTakeFirst()).toEqual({ role: 'user' });

    const created = await cli(address, '--password', 'chief-secret');
    expect(created.stdout).toContain(`Created the administrator account ${address}`);
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'attacker-pw' })).status).toBe(401);
    expect((await signIn(api, address, 'chief-secret')).user.role).toBe('admin');
    // The stranger's link confirms nothing now.
    expect((await post(api, '/api/auth/confirm', { token: attackersLink })).status).toBe(400);

    // A confirmed account keeps its owner's password.
    const again = await cli(address, '--password', 'another-pw');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('its owner keeps their password');
  }, 120_000);
});

describe('password reset', () => {
  it('e-mails a single-use link valid for 1 hour; the reset ends every session and signs in with the new password', async () => {
    const address = 'forgetful@example.com';
    await createAdmin(api, address, 'old-secret');
    const phone = await signInCookie(address, 'old-secret');
    const laptop = await signInCookie(address, 'old-secret');
    expect((await adminGet(laptop.accessToken)).status).toBe(200);

    const asked = await post(api, '/api/auth/forgot-password', { email: 'Forgetful@example.com' });
    expect(asked.status).toBe(202);
    const answer = await json(asked);
    const message = await mail(address, RESET);
    expect(message.text).toMatch(/^Hello,\n/);
    expect(message.text).toContain('The link works once and expires in 1 hour.');
    const token = linkIn(message, '/auth/reset-password');
    const expiresIn = Number(token.split('.')[1]) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(3500);
    expect(expiresIn).toBeLessThanOrEqual(3600);

    const reset = await post(api, '/api/auth/reset-password', { token, password: 'new-secret' });
    expect(reset.status).toBe(200);
    const session = await json(reset);
    expect(session.user).toMatchObject({ email: address, role: 'admin' });
    expect(cookieOf(reset)).toBeDefined();
    expect((await adminGet(session.accessToken)).status).toBe(200);

    // Every earlier session is over: no refresh, and their access tokens are refused at once.
    for (const earlier of [phone, laptop]) {
      expect((await refresh(earlier.cookie)).status).toBe(401);
      expect((await adminGet(earlier.accessToken)).status).toBe(401);
    }
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'old-secret' })).status).toBe(401);
    await signIn(api, address, 'new-secret');

    const again = await post(api, '/api/auth/reset-password', { token, password: 'third-secret' });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      code: 'AUTH.RESET_LINK_INVALID',
      message: 'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
    });
    await signIn(api, address, 'new-secret');

    const userId = await accountId(api, address);
    expect((await streamTypes(userId)).slice(-2)).toEqual(['PasswordResetRequested', 'PasswordReset']);
    // The answer said the same as for any address.
    expect(answer).toEqual({
      message: 'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.',
    });
  });

  it('answers the same whether or not the address has an account, and e-mails an existing account only', async () => {
    await signUpConfirmed(api, 'known@example.com', 'secret1');
    const known = await post(api, '/api/auth/forgot-password', { email: 'known@example.com' });
    const unknown = await post(api, '/api/auth/forgot-password', { email: 'stranger@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(await json(unknown)).toEqual(await json(known));
    await mail('known@example.com', RESET);
    await settled(api);
    expect(mailsTo('stranger@example.com')).toEqual([]);
  });

  it('refuses an expired, forged, other-purpose or superseded link, changing nothing', async () => {
    const address = 'careful@example.com';
    const { userId } = await signUpConfirmed(api, address, 'secret1');
    expect((await post(api, '/api/auth/forgot-password', { email: address })).status).toBe(202);
    const first = linkIn(await mail(address, RESET, 1), '/auth/reset-password');
    expect((await post(api, '/api/auth/forgot-password', { email: address })).status).toBe(202);
    const second = linkIn(await mail(address, RESET, 2), '/auth/reset-password');
    const [, resetId] = Buffer.from(first.split('.')[0]!, 'base64url').toString().split('.');
    const hourAndAMinuteAgo = Date.now() - 3660 * 1000;
    const links = {
      expired: signToken(SECRET, PASSWORD_RESET_TOKEN_PURPOSE, `${userId}.${resetId}`, 3600, hourAndAMinuteAgo),
      forged: signToken('another-secret-another-secret-another', PASSWORD_RESET_TOKEN_PURPOSE, `${userId}.${resetId}`, 3600),
      'a confirmation link': signToken(SECRET, CONFIRMATION_TOKEN_PURPOSE, `${userId}.${resetId}`, 3600),
      'never asked for': signToken(SECRET, PASSWORD_RESET_TOKEN_PURPOSE, `${userId}.00000000-0000-4000-8000-000000000000`, 3600),
      'the account alone': signToken(SECRET, PASSWORD_RESET_TOKEN_PURPOSE, userId, 3600),
      'not a token': 'not-a-token',
    };
    const before = await rowCounts();
    for (const [label, token] of Object.entries(links)) {
      const response = await post(api, '/api/auth/reset-password', { token, password: 'stolen-pw' });
      expect(response.status, label).toBe(400);
      expect((await json(response)).code, label).toBe('AUTH.RESET_LINK_INVALID');
    }
    expect(await rowCounts()).toEqual(before);
    await signIn(api, address, 'secret1');

    // Both links were open; using one closes the other.
    expect((await post(api, '/api/auth/reset-password', { token: second, password: 'chosen-pw' })).status).toBe(200);
    expect((await post(api, '/api/auth/reset-password', { token: first, password: 'stolen-pw' })).status).toBe(400);
    await signIn(api, address, 'chosen-pw');
  });

  it("sends the reset link even when others have used up the address's daily e-mails from the forms", async () => {
    const address = 'popular@example.com';
    await signUpConfirmed(api, address, 'secret1');
    for (let i = 0; i < 6; i++)
      expect((await post(api, '/api/auth/sign-up', { email: address, password: `attacker-${i}` })).status).toBe(201);
    await settled(api);
    expect((await post(api, '/api/auth/forgot-password', { email: address })).status).toBe(202);
    const token = linkIn(await mail(address, RESET), '/auth/reset-password');
    expect((await post(api, '/api/auth/reset-password', { token, password: 'owner-new' })).status).toBe(200);
  });

  it("gives a stranger's unconfirmed registration of the address to its owner: the reset confirms it", async () => {
    const address = 'late-owner@example.com';
    expect((await post(api, '/api/auth/sign-up', { email: address, password: 'attacker-pw' })).status).toBe(201);
    const attackersLink = linkIn(await mail(address, CONFIRM), '/auth/confirm');
    expect((await post(api, '/api/auth/forgot-password', { email: address })).status).toBe(202);
    const token = linkIn(await mail(address, RESET), '/auth/reset-password');
    const reset = await post(api, '/api/auth/reset-password', { token, password: 'owner-pw' });
    expect(reset.status).toBe(200);
    expect((await post(api, '/api/auth/sign-in', { email: address, password: 'attacker-pw' })).status).toBe(401);
    await signIn(api, address, 'owner-pw');
    expect((await json(await post(api, '/api/auth/confirm', { token: attackersLink }))).code).toBe('AUTH.CONFIRMATION_USED');
  });

  it.each([
    ['forgot-password', 'no e-mail', {}, { email: 'Please enter your email address.' }],
    ['forgot-password', 'a bad e-mail', { email: 'ada@' }, { email: 'Please enter a valid email address.' }],
    ['forgot-password', 'an unknown field', { email: 'a@b.co', redirect_to: '/admin' }, { '(body)': 'Unrecognized key: "redirect_to"' }],
    ['reset-password', 'a short password', { token: 'x', password: '12345' }, { password: 'Password must be at least 6 characters long.' }],
    [
      'reset-password',
      'a huge password',
      { token: 'x', password: 'x'.repeat(257) },
      { password: 'Password must be at most 256 characters long.' },
    ],
    [
      'reset-password',
      'no token',
      { password: 'secret1' },
      { token: 'The password reset link is incomplete. Please open the link from the e-mail again.' },
    ],
  ])('%s refuses %s with the field and message, writing nothing', async (route, _case, body, fields) => {
    const before = await rowCounts();
    const response = await post(api, `/api/auth/${route}`, body);
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.fields).toEqual(fields);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers a reset request and a reset exactly as the contract says (contracts/identity/session.ts)', async () => {
    await signUpConfirmed(api, 'contract-reset@example.com', 'secret1');
    const asked = await post(api, '/api/auth/forgot-password', { email: 'contract-reset@example.com' });
    expect(asked.status).toBe(202);
    expectContract(passwordResetRequestedSchema, await json(asked));
    const token = linkIn(await mail('contract-reset@example.com', RESET), '/auth/reset-password');
    const reset = await post(api, '/api/auth/reset-password', { token, password: 'new-secret' });
    expect(reset.status).toBe(200);
    expectContract(sessionSchema, await json(reset));
  });
});

describe('sessions end when they should', () => {
  it("refuses a signed-out session's access token at once, on admin routes and /me; other sessions go on", async () => {
    const address = 'leaving-admin@example.com';
    await createAdmin(api, address, 'admin-secret');
    const leaving = await signInCookie(address, 'admin-secret');
    const staying = await signInCookie(address, 'admin-secret');
    expect((await adminGet(leaving.accessToken)).status).toBe(200);

    expect((await signOut(leaving.cookie)).status).toBe(204);
    const after = await adminGet(leaving.accessToken);
    expect(after.status).toBe(401);
    expect(await json(after)).toEqual({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect((await fetch(api.url('/api/auth/me'), { headers: bearer(leaving) })).status).toBe(401);
    expect((await adminGet(staying.accessToken)).status).toBe(200);
  });

  it("ends an erased administrator's sessions: no refresh, and the access token is refused", async () => {
    const address = 'erased-admin@example.com';
    await createAdmin(api, address, 'admin-secret');
    const session = await signInCookie(address, 'admin-secret');
    expect((await adminGet(session.accessToken)).status).toBe(200);

    const report = await erasePersonalData(db(), address, { metadata: { operator: 'cli' } });
    expect(report.erasureId).not.toBeNull();
    const refreshed = await refresh(session.cookie);
    expect(refreshed.status).toBe(401);
    expect(await json(refreshed)).toEqual({ code: 'AUTH.SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' });
    expect((await adminGet(session.accessToken)).status).toBe(401);
  });

  it('applies a role taken back to the next admin request and the next refresh', async () => {
    const address = 'demoted@example.com';
    await createAdmin(api, address, 'admin-secret');
    const session = await signInCookie(address, 'admin-secret');
    expect((await adminGet(session.accessToken)).status).toBe(200);

    expect(await grantAdmin(db(), api.app.get(EventStore), { email: address, revoke: true })).toBe('revoked');
    const refused = await adminGet(session.accessToken);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
    const refreshed = await refresh(session.cookie);
    expect(refreshed.status).toBe(200);
    expect((await json(refreshed)).user.role).toBe('user');
  });

  it('gives a rotated token replayed within the grace period the same successor, never a new session', async () => {
    await signUpConfirmed(api, 'replayer@example.com', 'secret1');
    const { cookie: a } = await signInCookie('replayer@example.com', 'secret1');
    const familyOf = async (cookie: string) => {
      const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('base64url');
      const token = await db().selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hash).executeTakeFirstOrThrow();
      return db().selectFrom('refresh_tokens').select('token_hash').where('family_id', '=', token.family_id).execute();
    };

    // Three replays at once, then three more one by one: each gets the one successor.
    const concurrent = await Promise.all([refresh(a), refresh(a), refresh(a)]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200]);
    const successors = new Set(concurrent.map(cookieOf));
    expect(successors.size).toBe(1);
    for (let i = 0; i < 3; i++) {
      const replay = await refresh(a);
      expect(replay.status).toBe(200);
      expect(cookieOf(replay)).toBe([...successors][0]);
    }
    expect(await familyOf(a)).toHaveLength(2);

    // The successor rotates on as usual.
    const b = [...successors][0]!;
    const c = cookieOf(await refresh(b))!;
    expect(c).not.toBe(b);
    expect(await familyOf(a)).toHaveLength(3);
  });
});

describe('targeted lock-out', () => {
  let limited: ApiHarness;
  beforeAll(async () => {
    // Real limits, and client addresses from X-Forwarded-For as a proxy on this machine would set it.
    limited = await startApi({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const from = (ip: string, email: string, password: string) =>
    post(limited, '/api/auth/sign-in', { email, password }, { 'x-forwarded-for': ip });

  it('locks out the guessing client only: the owner signs in from another address with the right password', async () => {
    await signUpConfirmed(limited, 'target@example.com', 'owner-secret');
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.7', 'target@example.com', `guess-${i}`)).status).toBe(401);
    const locked = await from('203.0.113.7', 'target@example.com', 'guess-10');
    expect(locked.status).toBe(429);
    expect(await json(locked)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits there; the owner elsewhere is let in.
    expect((await from('203.0.113.7', 'target@example.com', 'owner-secret')).status).toBe(429);
    expect((await from('198.51.100.2', 'target@example.com', 'owner-secret')).status).toBe(200);
  });

  it('stops guessing spread over many addresses at an account-wide ceiling, and still lets a clean client with the right password in', async () => {
    await signUpConfirmed(limited, 'spread@example.com', 'owner-secret');
    // 100 failures from 10 addresses: the account-wide ceiling.
    for (let client = 1; client <= 10; client++) {
      const guesses = Array.from({ length: 10 }, (_, i) => from(`203.0.113.${client}`, 'spread@example.com', `guess-${i}`));
      expect((await Promise.all(guesses)).map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    // A new address is heard once; after one failure, it waits too.
    expect((await from('203.0.113.50', 'spread@example.com', 'guess')).status).toBe(401);
    expect((await from('203.0.113.50', 'spread@example.com', 'guess')).status).toBe(429);
    // The owner, from an address without failures, with the right password.
    expect((await from('198.51.100.9', 'spread@example.com', 'owner-secret')).status).toBe(200);
  }, 60_000);

  it('counts an unknown address alike, so lock-outs tell nobody which addresses have an account', async () => {
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.99', 'nobody@example.com', 'guess')).status).toBe(401);
    expect((await from('203.0.113.99', 'nobody@example.com', 'guess')).status).toBe(429);
  });

  it('limits reset requests per address and per client', async () => {
    const ask = (ip: string, email: string) => post(limited, '/api/auth/forgot-password', { email }, { 'x-forwarded-for': ip });
    // Per address: 3 an hour, from wherever they come.
    for (let i = 1; i <= 3; i++) expect((await ask(`192.0.2.${i}`, 'inbox@example.com')).status).toBe(202);
    // Another spelling of the same address is the same address.
    const perAddress = await ask('192.0.2.4', 'ＩＮＢＯＸ@example.com.');
    expect(perAddress.status).toBe(429);
    expect(await json(perAddress)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    // Per client: 5 in 15 minutes, whatever the addresses.
    for (let i = 0; i < 5; i++) expect((await ask('192.0.2.77', `someone-${i}@example.com`)).status).toBe(202);
    expect((await ask('192.0.2.77', 'someone-else@example.com')).status).toBe(429);
  });
});
