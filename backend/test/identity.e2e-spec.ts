import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TOKEN_PURPOSE } from '../src/identity/confirmation-link.js';
import { signToken } from '../src/shared/security/signed-token.js';
import { recipients, startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { confirmedSessionSchema, sessionSchema, sessionUserSchema, signUpResultSchema } from '../../contracts/identity/session.js';
import { accountId, adminRoutes, createAdmin, json, post, signIn, signUpConfirmed } from './auth-helpers.js';
import { expectContract } from './contract-helpers.js';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const run = promisify(execFile);

let api: ApiHarness;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Many sign-ins from one address (testConfig raises the limits): they are tested on their own server below.
  api = await startApi({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://unsheet.example.com', EMAIL_POLL_MS: '50' });
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const db = () => api.database.handle.db;

async function confirmationLink(address: string): Promise<string> {
  await eventually(() => smtp.messages.some((m) => m.subject === 'Confirm your Unsheet account' && recipients(m).includes(address)), {
    timeout: 10_000,
  });
  const mail = smtp.messages.findLast((m) => recipients(m).includes(address))!;
  return mail.text!.match(/https:\/\/unsheet\.example\.com\/auth\/confirm\?token=(\S+)/)![1]!;
}

function cookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('unsheet_refresh='));
  return header?.split(';')[0];
}

async function refresh(cookie: string | undefined) {
  return fetch(api.url('/api/auth/refresh'), { method: 'POST', headers: cookie ? { cookie } : {} });
}

/** Backdates the rotation of the token in `cookie` past the reuse grace period. */
async function rotatedLongAgo(cookie: string) {
  const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('base64url');
  const { numUpdatedRows } = await db()
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - 60 * 60_000) })
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  expect(numUpdatedRows).toBe(1n);
}

async function eventTypes(streamPrefix: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from events where stream_id like ${`${streamPrefix}%`} order by global_position`.execute(db());
  return rows.map((r) => r.type);
}

describe('sign-up, confirmation, sign-in', () => {
  it('creates an unconfirmed account, e-mails a link that confirms it once and signs the visitor in', async () => {
    const response = await post(api, '/api/auth/sign-up', { email: ' Ada@Example.com ', password: 'secret1' });
    expect(response.status).toBe(201);
    // The answer is the same for every address (accounts.e2e-spec.ts): it does not tell the account's id.
    expect(await json(response)).toEqual({ email: 'ada@example.com', displayName: 'ada' });
    const userId = await accountId(api, 'ada@example.com');

    const user = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_confirmed_at).toBeNull();
    expect(await db().selectFrom('profiles').selectAll().where('user_id', '=', userId).execute()).toEqual([
      { user_id: userId, role: 'user' },
    ]);
    expect(await eventTypes(`user-${userId}`)).toEqual(['UserRegistered']);

    // Not before the address is confirmed.
    const early = await post(api, '/api/auth/sign-in', { email: 'ada@example.com', password: 'secret1' });
    expect(early.status).toBe(403);
    expect(await json(early)).toEqual({ code: 'AUTH.EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' });

    const token = await confirmationLink('ada@example.com');
    const confirmed = await post(api, '/api/auth/confirm', { token });
    expect(confirmed.status).toBe(200);
    const session = await json(confirmed);
    expect(session).toMatchObject({ redirectTo: '/', user: { id: userId, email: 'ada@example.com', displayName: 'ada', role: 'user' } });
    expect(cookieOf(confirmed)).toBeDefined();
    expect(confirmed.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    expect(confirmed.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/);
    expect(confirmed.headers.getSetCookie()[0]).toMatch(/Path=\/api\/auth/);
    expect(await eventTypes(`user-${userId}`)).toEqual(['UserRegistered', 'EmailConfirmed']);

    const again = await post(api, '/api/auth/confirm', { token });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      code: 'AUTH.CONFIRMATION_USED',
      message: 'This confirmation link has already been used. Please sign in.',
    });

    const signedIn = await post(api, '/api/auth/sign-in', { email: 'ADA@example.com', password: 'secret1' });
    expect(signedIn.status).toBe(200);
    const { accessToken, expiresAt, user: me } = await json(signedIn);
    expect(me).toEqual({ id: userId, email: 'ada@example.com', displayName: 'ada', role: 'user' });
    // About 15 minutes.
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const whoAmI = await fetch(api.url('/api/auth/me'), { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await json(whoAmI)).toEqual(me);
  });

  it('leads an administrator-to-be back to the console and takes the display name given', async () => {
    const response = await post(api, '/api/auth/sign-up', {
      email: 'grace@example.com',
      password: 'secret1',
      display_name: 'Grace H.',
      redirect_to: '/admin/dashboard',
    });
    expect(response.status).toBe(201);
    const token = await confirmationLink('grace@example.com');
    const confirmed = await json(await post(api, '/api/auth/confirm', { token }));
    expect(confirmed.redirectTo).toBe('/admin/dashboard');
    // Signing up never makes an admin.
    expect(confirmed.user).toMatchObject({ displayName: 'Grace H.', role: 'user' });
  });

  it('refuses an expired, forged or unknown confirmation link', async () => {
    expect((await post(api, '/api/auth/sign-up', { email: 'late@example.com', password: 'secret1' })).status).toBe(201);
    const userId = await accountId(api, 'late@example.com');
    const dayAndAMinuteAgo = Date.now() - (24 * 3600 + 60) * 1000;
    const expired = signToken(SECRET, CONFIRMATION_TOKEN_PURPOSE, userId, 24 * 3600, dayAndAMinuteAgo);
    const forged = signToken('another-secret-another-secret-another', CONFIRMATION_TOKEN_PURPOSE, userId, 3600);
    const otherPurpose = signToken(SECRET, 'unsubscribe', userId, 3600);
    for (const token of [expired, forged, otherPurpose, 'not-a-token']) {
      const response = await post(api, '/api/auth/confirm', { token });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        code: 'AUTH.CONFIRMATION_INVALID',
        message: 'This confirmation link is invalid or has expired. Please sign up again or ask for a new link.',
      });
    }
    const user = await db().selectFrom('users').select('email_confirmed_at').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).toBeNull();
  });

  it('answers a known address as a new one (no 409 to tell who has an account), keeping the account and its password', async () => {
    await signUpConfirmed(api, 'taken@example.com', 'secret1');
    const response = await post(api, '/api/auth/sign-up', { email: 'TAKEN@example.com ', password: 'another1' });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ email: 'taken@example.com', displayName: 'taken' });
    expect(await db().selectFrom('users').select('id').where('email', '=', 'taken@example.com').execute()).toHaveLength(1);
    expect((await post(api, '/api/auth/sign-in', { email: 'taken@example.com', password: 'another1' })).status).toBe(401);
    await signIn(api, 'taken@example.com', 'secret1');
  });

  it('gives concurrent sign-ups of one address one account, each answered alike', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => post(api, '/api/auth/sign-up', { email: 'twice@example.com', password: 'secret1' })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'twice@example.com').execute()).toHaveLength(1);
  });

  it('refuses a wrong password and an unknown address alike, and records both for audit', async () => {
    const { userId } = await signUpConfirmed(api, 'audit@example.com', 'secret1');
    for (const body of [
      { email: 'audit@example.com', password: 'wrong-one' },
      { email: 'nobody@example.com', password: 'secret1' },
    ]) {
      const response = await post(api, '/api/auth/sign-in', body);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid login credentials' });
      expect(cookieOf(response)).toBeUndefined();
    }
    await signIn(api, 'audit@example.com', 'secret1');
    const { rows } = await sql<{ type: string; data: { userId: string | null; reason?: string } }>`
      select type, data from events where stream_id = 'sign-in-audit' and (data->>'userId' = ${userId} or data->>'userId' is null)
      order by global_position`.execute(db());
    expect(rows.map((r) => [r.type, r.data.userId, r.data.reason])).toEqual([
      ['SignInFailed', userId, 'invalid-credentials'],
      ['SignInFailed', null, 'invalid-credentials'],
      ['UserSignedIn', userId, undefined],
    ]);
    // The audit trail never holds an address or a password.
    const { rows: raw } = await sql<{ data: string }>`select data::text from events where stream_id = 'sign-in-audit'`.execute(db());
    expect(raw.map((r) => r.data).join()).not.toMatch(/@|secret1|wrong-one/);
  });
});

describe('sign-up and sign-in input', () => {
  it.each([
    ['a short password', { email: 'a@b.co', password: '12345' }, { password: 'Password must be at least 6 characters long.' }],
    ['no password', { email: 'a@b.co' }, { password: 'Password must be at least 6 characters long.' }],
    ['a number as password', { email: 'a@b.co', password: 1234567 }, { password: 'Password must be at least 6 characters long.' }],
    ['a huge password', { email: 'a@b.co', password: 'x'.repeat(257) }, { password: 'Password must be at most 256 characters long.' }],
    ['no e-mail', { password: 'secret1' }, { email: 'Please enter your email address.' }],
    ['a bad e-mail', { email: 'ada@', password: 'secret1' }, { email: 'Please enter a valid email address.' }],
    ['markup in the e-mail', { email: '<script>@x.co', password: 'secret1' }, { email: 'Please enter a valid email address.' }],
    [
      'markup in the name',
      { email: 'a@b.co', password: 'secret1', display_name: '<img src=x>' },
      { display_name: 'Display name cannot contain < > or control characters.' },
    ],
    [
      'a control character in the name',
      { email: 'a@b.co', password: 'secret1', display_name: 'A\u0000B' },
      { display_name: 'Control characters are not allowed.' },
    ],
    [
      'a long name',
      { email: 'a@b.co', password: 'secret1', display_name: 'n'.repeat(101) },
      { display_name: 'Display name must be at most 100 characters long.' },
    ],
    [
      'another redirect',
      { email: 'a@b.co', password: 'secret1', redirect_to: 'https://evil.example' },
      { redirect_to: "redirect_to must be '/' or '/admin/dashboard'." },
    ],
    ['an unknown field', { email: 'a@b.co', password: 'secret1', role: 'admin' }, { '(body)': 'Unrecognized key: "role"' }],
  ])('sign-up refuses %s with the field and message, writing nothing', async (_case, body, fields) => {
    const response = await post(api, '/api/auth/sign-up', body);
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.fields).toEqual(fields);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'a@b.co').execute()).toEqual([]);
  });

  it.each([
    ['no password', { email: 'a@b.co' }, { password: 'Please enter your password.' }],
    ['an empty password', { email: 'a@b.co', password: '' }, { password: 'Please enter your password.' }],
    ['an object as e-mail', { email: { $ne: '' }, password: 'x' }, { email: 'Please enter your email address.' }],
    ['SQL in the e-mail', { email: "' or 1=1 --@x.co", password: 'x' }, { email: 'Please enter a valid email address.' }],
  ])('sign-in refuses %s', async (_case, body, fields) => {
    const response = await post(api, '/api/auth/sign-in', body);
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual(fields);
  });

  it('answers malformed JSON, a non-JSON body and an oversized body with clear errors', async () => {
    const malformed = await fetch(api.url('/api/auth/sign-in'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).code).toBe('BAD_REQUEST');
    const form = await fetch(api.url('/api/auth/sign-up'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=a@b.co',
    });
    expect(form.status).toBe(415);
    const huge = await post(api, '/api/auth/sign-up', { email: 'a@b.co', password: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'a@b.co').execute()).toEqual([]);
  });
});

describe('sessions', () => {
  it('rotates the refresh token on every use and revokes the family when a used one comes back', async () => {
    await signUpConfirmed(api, 'rotate@example.com', 'secret1');
    const first = await post(api, '/api/auth/sign-in', { email: 'rotate@example.com', password: 'secret1' });
    const a = cookieOf(first)!;

    const second = await refresh(a);
    expect(second.status).toBe(200);
    expect((await json(second)).user.email).toBe('rotate@example.com');
    const b = cookieOf(second)!;
    expect(b).not.toBe(a);
    const third = await refresh(b);
    expect(third.status).toBe(200);
    const c = cookieOf(third)!;

    // `a` was stolen and replayed later: the thief gets nothing, and the rightful holder's `c` is revoked too.
    await rotatedLongAgo(a);
    const replay = await refresh(a);
    expect(replay.status).toBe(401);
    expect(await json(replay)).toEqual({ code: 'AUTH.SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' });
    expect((await refresh(c)).status).toBe(401);

    // Another sign-in is a new family, unaffected.
    const fresh = cookieOf(await post(api, '/api/auth/sign-in', { email: 'rotate@example.com', password: 'secret1' }))!;
    expect((await refresh(fresh)).status).toBe(200);
  });

  it('takes a rotated token presented again within the grace period for a lost response, not a theft', async () => {
    await signUpConfirmed(api, 'reload@example.com', 'secret1');
    const a = cookieOf(await post(api, '/api/auth/sign-in', { email: 'reload@example.com', password: 'secret1' }))!;
    const b = cookieOf(await refresh(a))!;
    // The page was left while that refresh was in flight: its next load still sends `a`, and gets `b` again.
    const again = await refresh(a);
    expect(again.status).toBe(200);
    expect((await json(again)).user.email).toBe('reload@example.com');
    expect(cookieOf(again)).toBe(b);
    // `b` rotates on; signing out ends the family, and then the grace no longer applies.
    const c = cookieOf(await refresh(b))!;
    expect((await fetch(api.url('/api/auth/sign-out'), { method: 'POST', headers: { cookie: c } })).status).toBeLessThan(300);
    expect((await refresh(a)).status).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    await signUpConfirmed(api, 'hashes@example.com', 'secret1');
    const cookie = cookieOf(await post(api, '/api/auth/sign-in', { email: 'hashes@example.com', password: 'secret1' }))!;
    const raw = cookie.split('=')[1]!;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from refresh_tokens where token_hash = ${raw}`.execute(db());
    expect(rows[0]!.n).toBe(0);
  });

  it('signs out: the session can no longer be refreshed, and the cookie is cleared', async () => {
    await signUpConfirmed(api, 'leave@example.com', 'secret1');
    const cookie = cookieOf(await post(api, '/api/auth/sign-in', { email: 'leave@example.com', password: 'secret1' }))!;
    const out = await fetch(api.url('/api/auth/sign-out'), { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^unsheet_refresh=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('refuses a refresh without a cookie, and a missing, forged or expired access token', async () => {
    expect((await refresh(undefined)).status).toBe(401);
    expect((await refresh('unsheet_refresh=made-up')).status).toBe(401);
    for (const authorization of [undefined, 'Bearer nonsense', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const response = await fetch(api.url('/api/auth/me'), { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue.' });
    }
  });

  it('answers a sign-up, a confirmation, a sign-in, a refresh and me exactly as the contract says (contracts/identity/session.ts)', async () => {
    const signedUp = await post(api, '/api/auth/sign-up', { email: 'contract@example.com', password: 'secret1' });
    expect(signedUp.status).toBe(201);
    expectContract(signUpResultSchema, await json(signedUp));
    const confirmed = await post(api, '/api/auth/confirm', { token: await confirmationLink('contract@example.com') });
    expect(confirmed.status).toBe(200);
    expectContract(confirmedSessionSchema, await json(confirmed));
    const signedIn = await post(api, '/api/auth/sign-in', { email: 'contract@example.com', password: 'secret1' });
    expect(signedIn.status).toBe(200);
    expectContract(sessionSchema, await json(signedIn));
    const refreshed = await refresh(cookieOf(signedIn));
    expect(refreshed.status).toBe(200);
    const session = await json(refreshed);
    expectContract(sessionSchema, session);
    const me = await fetch(api.url('/api/auth/me'), { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.status).toBe(200);
    expectContract(sessionUserSchema, await json(me));
  });
});

describe('administrators', () => {
  it('guards every /api/admin route of the route table: 401 without a token, 403 for a visitor, open to an admin', async () => {
    const routes = adminRoutes(api.app);
    expect(routes.length).toBeGreaterThan(0);
    const visitor = await signUpConfirmed(api, 'visitor@example.com', 'secret1');
    const admin = await createAdmin(api, 'boss@example.com', 'secret1');
    for (const { method, path } of routes) {
      const call = (token?: string) =>
        fetch(api.url(path), {
          method,
          headers: { ...(token && { authorization: `Bearer ${token}` }), ...(method !== 'GET' && { 'content-type': 'application/json' }) },
          body: method === 'GET' ? undefined : '{}',
        });
      const anonymous = await call();
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
      const asVisitor = await call(visitor.accessToken);
      expect(asVisitor.status, `${method} ${path} as a visitor`).toBe(403);
      expect(await json(asVisitor)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
      const asAdmin = await call(admin.accessToken);
      expect([401, 403], `${method} ${path} as an admin`).not.toContain(asAdmin.status);
      // A router that matched paths case-insensitively must not let upper case bypass the guard.
      const shouted = await fetch(api.url(path.toUpperCase().replace('/API/', '/api/')), {
        method,
        body: method === 'GET' ? undefined : '{}',
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      });
      expect([401, 404], `${method} ${path.toUpperCase()} without a token`).toContain(shouted.status);
    }
  });

  it('grants the role from the command line, and can create the first admin with a password', async () => {
    const env = { ...process.env, DATABASE_URL: api.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const cli = (...args: string[]) => run('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ...args], { env }).catch((e) => e);

    await signUpConfirmed(api, 'promote@example.com', 'secret1');
    const granted = await cli('promote@example.com');
    expect(granted.stdout).toContain('promote@example.com is now an administrator.');
    const { user } = await signIn(api, 'promote@example.com', 'secret1');
    expect(user.role).toBe('admin');
    expect((await cli('promote@example.com')).stdout).toContain('is already an administrator.');
    // And takes it back: the next sign-in (and the next admin request) sees a visitor.
    expect((await cli('promote@example.com', '--revoke')).stdout).toContain('promote@example.com is no longer an administrator.');
    expect((await signIn(api, 'promote@example.com', 'secret1')).user.role).toBe('user');

    const missing = await cli('ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account uses this address.');

    const created = await cli('first@example.com', '--password', 'first-secret');
    expect(created.stdout).toContain('Created the administrator account first@example.com');
    const first = await signIn(api, 'first@example.com', 'first-secret');
    expect(first.user.role).toBe('admin');
    // Created confirmed: no confirmation e-mail is owed.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from email_outbox where message->>'to' = 'first@example.com'`.execute(db());
    expect(rows[0]!.n).toBe(0);
    // Each run starts a Node process that compiles the CLI: seconds apiece on a busy machine.
  }, 180_000);
});

describe('rate limits', () => {
  let limited: ApiHarness;
  beforeAll(async () => {
    limited = await startApi({ RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('stops one client guessing one account after 10 wrong passwords in 15 minutes with a clear 429', async () => {
    const attempt = () => post(limited, '/api/auth/sign-in', { email: 'target@example.com', password: 'guess' });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is still allowed; other clients too (accounts.e2e-spec.ts).
    expect((await post(limited, '/api/auth/sign-in', { email: 'other@example.com', password: 'guess' })).status).toBe(401);
  });

  it('limits sign-ups per address to 10 an hour, counted in Redis', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post(limited, '/api/auth/sign-up', { email: `many${i}@example.com`, password: 'secret1' })).status).toBe(201);
    }
    const blocked = await post(limited, '/api/auth/sign-up', { email: 'many10@example.com', password: 'secret1' });
    expect(blocked.status).toBe(429);
    const { Redis } = await import('ioredis');
    const redis = new Redis(limited.config.REDIS_URL!);
    const keys = await redis.keys(`${limited.config.REDIS_PREFIX}:rate-limit:sign-up-per-ip:*`);
    await redis.quit();
    expect(keys).toHaveLength(1);
  });
});
