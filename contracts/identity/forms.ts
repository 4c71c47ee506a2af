/**
 * What the account forms send (/api/auth/sign-up, sign-in, confirm, forgot-password, reset-password), with the
 * spec's rules (§5) and messages (§8): the schemas the API validates with and documents in OpenAPI. The SPA
 * imports the types only.
 */
import { z } from 'zod';
import { emailSchema } from '../form-fields.js';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './messages.js';

// argon2 hashes whatever it is given: a cap keeps a megabyte "password" from costing a megabyte of hashing.
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_TOO_LONG = 'Password must be at most 256 characters long.';
export const PASSWORD_REQUIRED = 'Please enter your password.';

/** Where a confirmed sign-up lands: the site, or the admin console for an administrator-to-be. */
export const SIGN_UP_REDIRECTS = ['/', '/admin/dashboard'] as const;
export type SignUpRedirect = (typeof SIGN_UP_REDIRECTS)[number];

/** A password being chosen (sign-up, password reset). */
export const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

export const signUpRequestSchema = z.strictObject({
  email: emailSchema,
  password: newPassword,
  // Optional; defaults to the part of the address before the @.
  display_name: z
    .string({ error: 'Display name must be text.' })
    .trim()
    .max(100, 'Display name must be at most 100 characters long.')
    .regex(/^[^\p{Cc}<>]*$/u, 'Display name cannot contain < > or control characters.')
    .nullish(),
  // The admin login page signs up administrators-to-be: their confirmation link leads to the console.
  redirect_to: z.enum(SIGN_UP_REDIRECTS, { error: "redirect_to must be '/' or '/admin/dashboard'." }).default('/'),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** The display name of an account whose sign-up gave none. */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0]!;
}

export const signInRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const confirmEmailRequestSchema = z.strictObject({
  token: z.string({ error: 'The confirmation link is incomplete.' }).min(1, 'The confirmation link is incomplete.').max(1000),
  // Asked for only when more than one sign-up used the address.
  password: z.string({ error: PASSWORD_REQUIRED }).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG).optional(),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const RESET_LINK_INCOMPLETE = 'The password reset link is incomplete. Please open the link from the e-mail again.';

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string({ error: RESET_LINK_INCOMPLETE }).min(1, RESET_LINK_INCOMPLETE).max(1000, RESET_LINK_INCOMPLETE),
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
