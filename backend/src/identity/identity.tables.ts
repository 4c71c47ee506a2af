import type { Role } from '../../../contracts/identity/session.js';
import type { SignUpRedirect } from '../../../contracts/identity/forms.js';

/** The contract's roles (what a session shows), as the `profiles` table stores them. */
export type { Role };

export interface UsersTable {
  id: string;
  /** As typed at sign-up (trimmed); `email_key` is the case-insensitive identity. */
  email: string;
  email_key: string;
  password_hash: string;
  display_name: string;
  /** Where the confirmation link leads: the site ('/') or the admin console. */
  redirect_to: SignUpRedirect;
  email_confirmed_at: Date | null;
  created_at: Date;
}

export interface RefreshTokensTable {
  token_hash: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  created_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** A failed sign-in: the address key tried and an HMAC of the client's address (sign-in-failures.ts). */
export interface SignInFailuresTable {
  email_key: string;
  client_key: string;
  failed_at: Date;
}

export interface ProfilesTable {
  user_id: string;
  role: Role;
}

/** A one-time link to create the first administrator: the SHA-256 of its token (first-admin-setup.ts). */
export interface FirstAdminSetupTokensTable {
  token_hash: string;
  created_at: Date;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    users: UsersTable;
    refresh_tokens: RefreshTokensTable;
    profiles: ProfilesTable;
    sign_in_failures: SignInFailuresTable;
    first_admin_setup_tokens: FirstAdminSetupTokensTable;
  }
}
