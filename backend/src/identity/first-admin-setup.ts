/**
 * The first administrator, created in the browser: while no administrator exists, each start of the API
 * prints a one-time link (`/setup?token=…`) to the operator's console. The token is 256 random bits; only its
 * SHA-256 is stored, so several API processes and restarts share the links, and a copy of the database opens
 * nothing. A link works until one of them is used or an administrator exists by any way (`admin:grant`):
 * then every link is void. `npm run admin:grant` stays the way for scripts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../shared/config/config.js';
import type { Db, Trx } from '../shared/db/tables.js';

/** The links kept at a time (one per start without an administrator): older ones are void. */
export const FIRST_ADMIN_LINKS_KEPT = 20;

/** The path of the setup page; the token goes in the query string, which the request log never writes. */
export const SETUP_PATH = '/setup';

/**
 * A new setup token, stored as its hash, or null when an administrator exists (whose setup links are then
 * deleted). Under the lock that creating the first administrator takes, so a link is never issued beside one.
 */
export async function issueFirstAdminToken(db: Db): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await lockFirstAdminSetup(trx);
    if (await adminExists(trx)) {
      await voidFirstAdminLinks(trx);
      return null;
    }
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('first_admin_setup_tokens')
      .values({ token_hash: hashToken(token), created_at: new Date() })
      .execute();
    await sql`
      delete from first_admin_setup_tokens where token_hash not in (
        select token_hash from first_admin_setup_tokens order by created_at desc limit ${FIRST_ADMIN_LINKS_KEPT}
      )`.execute(trx);
    return token;
  });
}

/** Whether the token opens the setup: no administrator yet, and the token is one of the links kept. */
export async function firstAdminTokenValid(db: Db | Trx, token: string): Promise<boolean> {
  if (await adminExists(db)) return false;
  const given = createHash('sha256').update(token).digest();
  const rows = await db.selectFrom('first_admin_setup_tokens').select('token_hash').limit(FIRST_ADMIN_LINKS_KEPT).execute();
  // Every stored hash is compared, in constant time: the answer's timing tells nothing about any of them.
  let valid = false;
  for (const { token_hash } of rows) {
    const stored = Buffer.from(token_hash, 'base64url');
    if (stored.length === given.length && timingSafeEqual(stored, given)) valid = true;
  }
  return valid;
}

/** Once an administrator exists, no setup link works any more. */
export async function voidFirstAdminLinks(db: Db | Trx): Promise<void> {
  await db.deleteFrom('first_admin_setup_tokens').execute();
}

/** Serialises the first administrator's creation (and the links' issue) across every API process. */
export async function lockFirstAdminSetup(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('first-admin-setup', 0))`.execute(trx);
}

export async function adminExists(db: Db | Trx): Promise<boolean> {
  const admin = await db.selectFrom('profiles').select('user_id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return admin !== undefined;
}

/**
 * On start, while no administrator exists: the operator's output gets a new link (and the only copy of its
 * token). Once an administrator exists, nothing is printed.
 */
export async function announceFirstAdminLink(db: Db, config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>, logger: Logger): Promise<void> {
  const token = await issueFirstAdminToken(db);
  if (token)
    logger.info(`Create the first administrator: ${firstAdminLink(config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`, token)}`);
}

/** The link printed on start: PUBLIC_BASE_URL when set, else this machine's port. */
export function firstAdminLink(base: string, token: string): string {
  return `${base.endsWith('/') ? base.slice(0, -1) : base}${SETUP_PATH}?token=${token}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
