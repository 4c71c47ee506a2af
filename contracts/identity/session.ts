/**
 * What the account endpoints answer (/api/auth/…): a session (sign-in, a confirmed address, a password reset,
 * a refresh), the signed-in user (me), a sign-up and a reset request. The API documents its answers in
 * OpenAPI with these schemas and returns their types; the SPA imports the types only. The refresh token is
 * never in an answer: it goes into an HttpOnly cookie.
 */
import { z } from 'zod';
import { SIGN_UP_REDIRECTS } from './forms.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The user as a session shows them (GET /api/auth/me answers this too). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/** A session: the access token (a Bearer header, 15 minutes), when it expires, and whose it is. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.iso.datetime(),
  user: sessionUserSchema,
});
export type Session = z.output<typeof sessionSchema>;

/** A confirmed address starts a session, and says where the sign-up asked to land. */
export const confirmedSessionSchema = sessionSchema.extend({ redirectTo: z.enum(SIGN_UP_REDIRECTS) });
export type ConfirmedSession = z.output<typeof confirmedSessionSchema>;

/** The same answer whatever the address: it tells nobody whether the address has an account. */
export const signUpResultSchema = z.object({ email: z.string(), displayName: z.string() });
export type SignUpResult = z.output<typeof signUpResultSchema>;

/** The same answer whether or not the address has an account. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });
export type PasswordResetRequested = z.output<typeof passwordResetRequestedSchema>;
