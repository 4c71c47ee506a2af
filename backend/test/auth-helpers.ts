/** Accounts and sessions for HTTP tests: confirmed users, administrators, and the admin route table. */
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CONFIRMATION_TOKEN_PURPOSE } from '../src/identity/confirmation-link.js';
import { grantAdmin } from '../src/identity/commands/grant-admin.js';
import type { FastifyInstance } from 'fastify';
import { isAdminPath } from '../src/identity/http/auth.guard.js';
import type { Session } from '../../contracts/identity/session.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { signToken } from '../src/shared/security/signed-token.js';
import { emailKey } from '../src/shared/validation/email.js';
import type { ApiHarness } from './api-harness.js';

export function post(api: ApiHarness, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function signIn(api: ApiHarness, email: string, password: string): Promise<Session> {
  const response = await post(api, '/api/auth/sign-in', { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

/** The id of the account that uses an address (the sign-up's answer does not tell it). */
export async function accountId(api: ApiHarness, email: string): Promise<string> {
  const user = await api.database.handle.db
    .selectFrom('users')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Signs up and follows the confirmation link (made here rather than read from an e-mail). */
export async function signUpConfirmed(api: ApiHarness, email: string, password: string): Promise<Session & { userId: string }> {
  const response = await post(api, '/api/auth/sign-up', { email, password });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const userId = await accountId(api, email);
  const token = signToken(api.config.APP_SECRET!, CONFIRMATION_TOKEN_PURPOSE, userId, 3600);
  const confirmed = await post(api, '/api/auth/confirm', { token });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
  return { userId, ...((await confirmed.json()) as Session) };
}

/** A confirmed administrator (as `npm run admin:grant -- <email> --password <password>` makes one), signed in. */
export async function createAdmin(
  api: ApiHarness,
  email = `admin-${randomUUID()}@example.com`,
  password = 'admin-secret',
): Promise<Session> {
  await grantAdmin(api.database.handle.db, api.app.get(EventStore), { email, password });
  return signIn(api, email, password);
}

export const bearer = (session: Pick<Session, 'accessToken'>) => ({ authorization: `Bearer ${session.accessToken}` });

const recorded = new WeakMap<INestApplication, { method: string; declared: string }[]>();

/**
 * Records the routes the application registers: call before it listens (Fastify keeps no route list to read).
 * The HEAD routes Fastify adds for each GET are left out: they are the GET routes.
 */
export function recordRoutes(app: INestApplication): void {
  const routes: { method: string; declared: string }[] = [];
  recorded.set(app, routes);
  (app.getHttpAdapter().getInstance() as FastifyInstance).addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') routes.push({ method: method.toUpperCase(), declared: route.url });
    }
  });
}

/** Every route of the running application (see recordRoutes), with its parameters filled in. */
export function routeTable(app: INestApplication): { method: string; path: string; declared: string }[] {
  const routes = recorded.get(app);
  if (!routes) throw new Error('routeTable: the application was not started by startApi (recordRoutes)');
  return routes.map(({ method, declared }) => ({ method, declared, path: declared.replace(/:(\w+)/g, () => randomUUID()) }));
}

/** Every route under /api/admin. */
export function adminRoutes(app: INestApplication): { method: string; path: string }[] {
  return routeTable(app).filter((route) => isAdminPath(route.declared));
}

/** The body of a JSON answer, untyped: tests state the shape they expect. */
export const json = (response: Response): Promise<any> => response.json();
