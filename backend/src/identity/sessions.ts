/**
 * Sessions: a short-lived access token (JWT, 15 minutes) sent as a Bearer header, and a refresh token
 * (random, 30 days) kept in an HttpOnly cookie and stored only as a hash. Every refresh rotates the token;
 * presenting a token that was already rotated (or revoked) means it leaked, so its whole family — every
 * token descended from the same sign-in — is revoked.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Config } from '../shared/config/config.js';
import type { Db, Trx } from '../shared/db/tables.js';
import { UnauthorizedError } from '../shared/errors/domain-error.js';
import { CONFIG, DB } from '../shared/kernel.module.js';
import { appSecret } from '../shared/security/signed-token.js';
import type { Role } from './identity.tables.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
}

/** What the client receives; the refresh token itself goes into the cookie, never into the body. */
export interface Session {
  accessToken: string;
  expiresAt: string;
  user: SessionUser;
}

export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * A rotated token presented again this soon is taken for a lost response, not a theft: a page left (or
 * reloaded) while its refresh was in flight never stored the new cookie, and presents the old one on the
 * next load. Without this grace it would be signed out (the family revoked). The same trade-off as Auth0's
 * "reuse interval": a thief replaying within the window gets a session of the same family, which the
 * holder's sign-out still ends.
 */
export const REUSE_GRACE_MS = 30_000;

@Injectable()
export class SessionService {
  private readonly jwt: JwtService;
  private readonly logger = new Logger('sessions');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    // A key of its own, derived from APP_SECRET, so access tokens can never be confused with e-mail links.
    const secret = createHmac('sha256', appSecret(config)).update('access-token-key').digest('base64url');
    this.jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS } });
  }

  /** A new session (sign-in, confirmed e-mail): a new token family. */
  async start(user: SessionUser, trx: Trx | Db = this.db): Promise<IssuedSession> {
    return this.issue(trx, user, randomUUID());
  }

  /**
   * Rotates a refresh token. Reuse of a revoked token, or of a rotated one after REUSE_GRACE_MS, revokes
   * its family.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new UnauthorizedError('AUTH.SESSION_EXPIRED', SESSION_EXPIRED);
    type Outcome = { kind: 'expired' } | { kind: 'reused'; familyId: string } | { kind: 'issued'; issued: IssuedSession };
    const outcome = await this.db.transaction().execute(async (trx): Promise<Outcome> => {
      const token = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(refreshToken))
        .forUpdate()
        .executeTakeFirst();
      if (!token || token.expires_at.getTime() <= Date.now()) return { kind: 'expired' };
      const reusedLate = token.used_at !== null && Date.now() - token.used_at.getTime() > REUSE_GRACE_MS;
      if (token.revoked_at || reusedLate) {
        await revokeFamily(trx, token.family_id);
        return { kind: 'reused', familyId: token.family_id };
      }
      const user = await findSessionUser(trx, token.user_id);
      if (!user) return { kind: 'expired' };
      if (!token.used_at) {
        await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', token.token_hash).execute();
      }
      return { kind: 'issued', issued: await this.issue(trx, user, token.family_id) };
    });
    if (outcome.kind === 'issued') return outcome.issued;
    if (outcome.kind === 'reused') this.logger.warn(`refresh token reused: family ${outcome.familyId} revoked`);
    throw new UnauthorizedError('AUTH.SESSION_EXPIRED', SESSION_EXPIRED);
  }

  /** Sign-out: the presented token's family can no longer refresh. */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const token = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (token) await revokeFamily(this.db, token.family_id);
  }

  /** The claims of a valid access token, or null (expired, forged, malformed). */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    try {
      return await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
  }

  private async issue(trx: Trx | Db, user: SessionUser, familyId: string): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = Date.now();
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(refreshToken),
        user_id: user.id,
        family_id: familyId,
        created_at: new Date(now),
        expires_at: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
        used_at: null,
        revoked_at: null,
      })
      .execute();
    const claims: AccessClaims = { sub: user.id, email: user.email, name: user.displayName, role: user.role };
    const accessToken = await this.jwt.signAsync(claims);
    const expiresAt = new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString();
    return { session: { accessToken, expiresAt, user }, refreshToken };
  }
}

/** The user as a session shows them, with the role from `profiles`. */
export async function findSessionUser(db: Trx | Db, userId: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.display_name', 'profiles.role'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, displayName: row.display_name, role: row.role ?? 'user' };
}

function revokeFamily(db: Trx | Db, familyId: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
