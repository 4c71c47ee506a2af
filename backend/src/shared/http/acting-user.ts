/**
 * Who made an admin change. The global AuthGuard (identity module) verifies the access token and puts its
 * claims on the request; a command handler records the actor's id in the event metadata (`userId`), which
 * is what the audit trail reads (every admin change carries the acting admin).
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { EventMetadata } from '../event-store/events.js';

export interface ActingUser {
  /** The user's id (the access token's `sub`). */
  userId: string;
  email: string;
}

/** `@Actor() actor: ActingUser` in a handler of a signed-in or admin route. */
export const Actor = createParamDecorator((_: unknown, context: ExecutionContext): ActingUser => {
  const request = context.switchToHttp().getRequest<{ user?: { sub: string; email: string } }>();
  if (!request.user) throw new Error('@Actor() used on a route that does not require sign-in');
  return { userId: request.user.sub, email: request.user.email };
});

/** The event metadata of a change made by `actor`. */
export function actedBy(actor: ActingUser): EventMetadata {
  return { userId: actor.userId };
}
