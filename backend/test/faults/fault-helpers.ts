/** What the fault tests share: HTTP calls that cannot hang, read-model snapshots, the outbox. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BROWSER_UA } from '../../src/analytics/testing/tracker-events.js';
import type { Db } from '../../src/shared/db/tables.js';
import type { Projection } from '../../src/shared/projections/projection.js';

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

/**
 * A request that gives up after `timeoutMs` and reports it as status 0, so a hang shows up as a failed
 * assertion instead of a test timeout.
 */
export async function call(
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  { timeoutMs = 10_000, headers = {} }: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: Date.now() - started };
  }
}

export const post = (base: string, path: string, body: unknown = {}) => call(`${base}${path}`, 'POST', body);
export const get = (base: string, path: string) => call(`${base}${path}`, 'GET');
let viewers = 0;
/**
 * A visitor's view of an app page, from a session and a client address of its own (one view per address and
 * app counts in 30 minutes; the processes believe X-Forwarded-For from loopback) and a browser (views of bots
 * are not counted).
 */
export const viewApp = (base: string, appId: string, options: { timeoutMs?: number } = {}) => {
  viewers++;
  const headers = { 'user-agent': BROWSER_UA, 'x-forwarded-for': `10.9.${Math.floor(viewers / 250) % 250}.${(viewers % 250) + 1}` };
  return call(`${base}/api/apps/${appId}/views`, 'POST', { sessionId: randomUUID() }, { ...options, headers });
};

/** Every row of every projection's tables, in a stable order, to compare a live read model with a rebuild. */
export async function readModels(db: Db, projections: readonly Projection[]): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await sql`select * from ${sql.table(table)} t order by t::text`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

export async function outbox(db: Db) {
  return db.selectFrom('email_outbox').select(['id', 'template', 'status', 'attempts']).orderBy('id').execute();
}

/** The Message-IDs the SMTP server accepted, each once per acceptance. */
export function messageIds(messages: readonly { messageId?: string }[]): string[] {
  return messages.map((m) => m.messageId ?? '').sort();
}

export function counts<T>(items: readonly T[]): Map<T, number> {
  const map = new Map<T, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

/** Settings every process of a fault test shares; the callers add DATABASE_URL, REDIS_URL and the rest. */
export const PROCESS_ENV = {
  NODE_ENV: 'test',
  APP_SECRET: 'fault-tests-secret-fault-tests-secret-0000',
  RATE_LIMIT_FACTOR: '1000',
  TRUST_PROXY: 'loopback',
  PROJECTION_POLL_MS: '200',
  EMAIL_POLL_MS: '100',
  EMAIL_RETRY_BASE_MS: '300',
  MAIL_FROM: 'Unsheet <hello@unsheet.test>',
  ADMIN_NOTIFY_EMAIL: 'admin@unsheet.test',
  TEAM_EMAIL: 'team@unsheet.test',
};
