/**
 * Sessions: a short-lived access token (JWT, 15 minutes) sent as a Bearer header, and a refresh token
 * (random, 30 days) kept in an HttpOnly cookie and stored only as a hash. A session is a refresh-token
 * family: every token descended from one sign-in. Every refresh rotates the token; presenting a token that
 * was rotated long ago (or revoked) means it leaked, so its whole family is revoked. The access token names
 * its family (`sid`), and the guard refuses it once the family is revoked: signing out, a password reset and
 * an erasure end the session at once, not when the access token expires.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Config } from '../shared/config/config.js';
import type { Db, Trx } from '../shared/db/tables.js';
import { UnauthorizedError } from '../shared/errors/domain-error.js';
import { CONFIG, DB } from '../shared/kernel.module.js';
import { appSecret } from '../shared/security/signed-token.js';
import type { Session, SessionUser } from '../../../contracts/identity/session.js';
import type { Role } from './identity.tables.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** The session the client receives, and the refresh token, which goes into the cookie, never into the body. */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

export interface AccessClaims {
  sub: string;
  /** The session (refresh-token family) the token was issued for. */
  sid: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * A rotated token presented again this soon is taken for a lost response, not a theft: a page left (or
 * reloaded) while its refresh was in flight never stored the new cookie, and presents the old one on the
 * next load. Without this grace it would be signed out (the family revoked). The same trade-off as Auth0's
 * "reuse interval". Within the grace the old token gets the successor it was rotated into, again (the
 * successor is derived from it), never a new member of the family: replaying it opens no further session.
 */
export const REUSE_GRACE_MS = 30_000;

@Injectable()
export class SessionService {
  private readonly jwt: JwtService;
  /** Derives a token's successor, so that a replay within the grace gets the same one. */
  private readonly rotationKey: Buffer;
  private readonly logger = new Logger('sessions');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    // Keys of their own, derived from APP_SECRET, so access tokens can never be confused with e-mail links.
    const secret = appSecret(config);
    const accessKey = createHmac('sha256', secret).update('access-token-key').digest('base64url');
    this.jwt = new JwtService({ secret: accessKey, signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS } });
    this.rotationKey = createHmac('sha256', secret).update('refresh-token-rotation').digest();
  }

  /** A new session (sign-in, confirmed e-mail, password reset): a new token family. */
  async start(user: SessionUser, trx: Trx | Db = this.db): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    const familyId = randomUUID();
    await this.store(trx, refreshToken, user.id, familyId);
    return this.issued(user, familyId, refreshToken);
  }

  /**
   * Rotates a refresh token into its successor. A rotated token presented again within REUSE_GRACE_MS gets
   * the same successor; later, or a revoked one, revokes its family.
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
      // Revoked: the session was ended (signed out, password reset, erasure) or found stolen; nothing more to do.
      if (!token || token.revoked_at || token.expires_at.getTime() <= Date.now()) return { kind: 'expired' };
      if (token.used_at !== null && Date.now() - token.used_at.getTime() > REUSE_GRACE_MS) {
        await revokeFamily(trx, token.family_id);
        return { kind: 'reused', familyId: token.family_id };
      }
      const user = await findSessionUser(trx, token.user_id);
      if (!user) return { kind: 'expired' };
      const successor = this.successorOf(refreshToken);
      if (token.used_at === null) {
        await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', token.token_hash).execute();
        await this.store(trx, successor, user.id, token.family_id);
      }
      return { kind: 'issued', issued: await this.issued(user, token.family_id, successor) };
    });
    if (outcome.kind === 'issued') return outcome.issued;
    if (outcome.kind === 'reused') this.logger.warn(`refresh token reused: family ${outcome.familyId} revoked`);
    throw new UnauthorizedError('AUTH.SESSION_EXPIRED', SESSION_EXPIRED);
  }

  /** Sign-out: the presented token's family can no longer refresh, and its access tokens are refused. */
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

  /** Whether an access token's session is still open: one look-up in the index of revoked tokens. */
  async isOpen(claims: AccessClaims): Promise<boolean> {
    if (typeof claims.sid !== 'string') return false;
    const revoked = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('family_id', '=', claims.sid)
      .where('revoked_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return revoked === undefined;
  }

  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.rotationKey).update(refreshToken).digest('base64url');
  }

  private async store(trx: Trx | Db, refreshToken: string, userId: string, familyId: string): Promise<void> {
    const now = Date.now();
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(refreshToken),
        user_id: userId,
        family_id: familyId,
        created_at: new Date(now),
        expires_at: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
        used_at: null,
        revoked_at: null,
      })
      .execute();
  }

  private async issued(user: SessionUser, familyId: string, refreshToken: string): Promise<IssuedSession> {
    const claims: AccessClaims = { sub: user.id, sid: familyId, email: user.email, name: user.displayName, role: user.role };
    const accessToken = await this.jwt.signAsync(claims);
    const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString();
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
