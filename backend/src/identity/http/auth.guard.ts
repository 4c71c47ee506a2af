/**
 * Authorisation for every route, applied globally. The rule is in the path: every route under
 * `/api/admin/` requires a signed-in administrator (401 without a valid access token, 403 for anyone
 * else), so an admin route added later cannot forget it. Other routes are public unless marked
 * `@SignedIn()`. On every route that needs a signed-in user, the access token's session must still be open
 * (signing out, a password reset or an erasure end it at once), and on admin routes the role is read from
 * `profiles` on each request, so a role taken back applies at once too.
 */
import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest as Request } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../shared/errors/domain-error.js';
import { IsAdmin } from '../queries/is-admin.query.js';
import { SessionService, type AccessClaims } from '../sessions.js';

export const AUTHENTICATION_REQUIRED = 'Please sign in to continue.';
export const ADMIN_REQUIRED = 'Only an administrator can do this.';

const SIGNED_IN = 'unsheet:signed-in';
/** The route needs a signed-in user (any role). */
export const SignedIn = () => SetMetadata(SIGNED_IN, true);

export type AuthenticatedRequest = Request & { user?: AccessClaims };

/** Whether a route's declared path (controller path + handler path) is an admin route. */
export function isAdminPath(path: string): boolean {
  const normalised = `/${path}/`.replace(/\/+/g, '/').toLowerCase();
  return normalised.startsWith('/api/admin/');
}

@Injectable()
export class AuthGuard implements CanActivate {
  private readonly adminRoutes = new WeakMap<object, boolean>();

  constructor(
    private readonly sessions: SessionService,
    private readonly queries: QueryBus,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const admin = this.isAdminRoute(context);
    await this.authorize(request, admin, admin || Reflect.getMetadata(SIGNED_IN, context.getHandler()) === true);
    return true;
  }

  /**
   * The same check for a Fastify hook that runs before the body is read (bootstrap.ts: admin routes that take
   * large bodies), so that nobody but an administrator makes the server read and parse one.
   */
  async requireAdmin(request: AuthenticatedRequest): Promise<void> {
    await this.authorize(request, true, true);
  }

  private async authorize(request: AuthenticatedRequest, admin: boolean, signedIn: boolean): Promise<void> {
    const token = bearerToken(request);
    const claims = token ? await this.sessions.verifyAccessToken(token) : null;
    if (claims) request.user = claims;
    if (!signedIn) return;
    // An expired token, or one of an ended session, gets the same 401: the client refreshes and retries once
    // (and a session that was ended cannot be refreshed).
    if (!claims || !(await this.sessions.isOpen(claims))) throw new UnauthorizedError('AUTH.UNAUTHENTICATED', AUTHENTICATION_REQUIRED);
    if (admin && !(await this.queries.execute(new IsAdmin(claims.sub)))) throw new ForbiddenError('AUTH.FORBIDDEN', ADMIN_REQUIRED);
  }

  /** From the route's declaration, not the request URL (a router may match paths case-insensitively, or ignore a trailing slash). */
  private isAdminRoute(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let admin = this.adminRoutes.get(handler);
    if (admin === undefined) {
      const paths = (value: unknown) => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);
      const controllerPaths = paths(Reflect.getMetadata(PATH_METADATA, context.getClass()));
      const handlerPaths = paths(Reflect.getMetadata(PATH_METADATA, handler));
      admin = controllerPaths.some((base) => handlerPaths.some((path) => isAdminPath(`${base}/${path}`)));
      this.adminRoutes.set(handler, admin);
    }
    return admin;
  }
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}
