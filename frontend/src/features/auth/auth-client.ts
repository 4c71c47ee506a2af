/*
 * Signing in and out, and keeping the session alive: loaded on demand (auth pages, the admin console, the
 * Sign Out button), never with the public pages. The access token (15 minutes) is refreshed a minute before
 * it expires and after any 401. Tabs refresh one at a time (Web Locks), so each uses the refresh cookie the
 * previous one received: presenting a rotated token would make the server revoke the whole session. Signing
 * out takes the same lock, so no refresh answered before the server ended the session can bring it back.
 */
import type {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
} from '../../../../contracts/identity/forms';
import type { ConfirmedSession, PasswordResetRequested, Session, SessionUser, SignUpResult } from '../../../../contracts/identity/session';
import type { FirstAdminLink, FirstAdminRequest } from '../../../../contracts/identity/first-admin';
import { ApiError, apiGet, apiPost, refreshAccessToken, setAccessToken } from '../../lib/api-client';
import { isLoggedIn, readAuth, writeAuth } from './session-store';

const REFRESH_AHEAD_MS = 60_000;
let timer: ReturnType<typeof setTimeout> | undefined;

export async function signIn(email: string, password: string): Promise<Session> {
  return adopt(await apiPost<Session>('/auth/sign-in', { email, password } satisfies SignInRequest));
}

/** The answer is the same whether or not the address had an account: a new one, or an e-mail to its owner. */
export function signUp(input: SignUpRequest) {
  return apiPost<SignUpResult>('/auth/sign-up', input);
}

/** "Forgot password?": the server e-mails a reset link if an account uses the address; its answer says so either way. */
export function requestPasswordReset(email: string) {
  return apiPost<PasswordResetRequested>('/auth/forgot-password', { email } satisfies ForgotPasswordRequest);
}

/** Chooses a new password with a reset link's token: the account's other sessions end, and this one starts. */
export async function resetPassword(token: string, password: string): Promise<Session> {
  return adopt(await apiPost<Session>('/auth/reset-password', { token, password } satisfies ResetPasswordRequest));
}

/**
 * Follows the e-mail's confirmation link: the server confirms the address and starts a session. When more
 * than one sign-up used the address, the server asks for the sign-up's password too.
 */
export async function confirmEmail(token: string, password?: string): Promise<ConfirmedSession> {
  const confirmed = await apiPost<ConfirmedSession>('/auth/confirm', {
    token,
    ...(password !== undefined && { password }),
  } satisfies ConfirmEmailRequest);
  adopt(confirmed);
  return confirmed;
}

/** Whether the first administrator's setup link (printed by `npm start` on a fresh install) still works. */
export function firstAdminLinkValid(token: string): Promise<FirstAdminLink> {
  return apiGet<FirstAdminLink>(`/setup/first-admin?token=${encodeURIComponent(token)}`);
}

/** Creates the first administrator with the setup link's token, and signs them in. */
export async function createFirstAdmin(input: FirstAdminRequest): Promise<Session> {
  return adopt(await apiPost<Session>('/setup/first-admin', input));
}

/**
 * Signs out in every tab: the stored session goes at once (the other tabs follow through the storage event),
 * then the server ends the session. The server is told under the refresh lock, after any refresh in flight in
 * any tab: a refresh answered after the sign-out would otherwise store the session again (see refresh).
 */
export async function signOut(): Promise<void> {
  forget();
  await withRefreshLock(async () => {
    forget();
    await apiPost('/auth/sign-out').catch((error: unknown) => console.warn('sign-out request failed', error));
  });
}

/** A valid access token, refreshing when there is none in memory (e.g. after a reload). */
export async function ensureSession(): Promise<SessionUser | null> {
  const token = await refreshAccessToken();
  return token ? (readAuth()?.user ?? null) : null;
}

async function refresh(): Promise<string | null> {
  const run = async () => {
    const signedIn = isLoggedIn(readAuth());
    try {
      const session = await apiPost<Session>('/auth/refresh');
      // Signed out (in this tab or another) while the answer was on its way: the session is over, whatever the
      // server said a moment before it heard of the sign-out.
      if (signedIn && !isLoggedIn(readAuth())) {
        forget();
        return null;
      }
      return adopt(session).accessToken;
    } catch (error) {
      console.warn('session refresh failed', error);
      // The server ended the session (expired, signed out elsewhere, reused token); a network failure does not.
      if (error instanceof ApiError && error.status === 401) forget();
      return null;
    }
  };
  return withRefreshLock(run);
}

/** Runs `task` while no other tab refreshes or signs out. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request('unsheet-auth-refresh', task) : task();
}

function adopt(session: Session): Session {
  setAccessToken(session.accessToken, refresh);
  writeAuth({ user: session.user, session: { expiresAt: session.expiresAt } });
  clearTimeout(timer);
  const delay = new Date(session.expiresAt).getTime() - Date.now() - REFRESH_AHEAD_MS;
  timer = setTimeout(() => void refreshAccessToken(), Math.max(delay, 0));
  return session;
}

function forget(): void {
  clearTimeout(timer);
  setAccessToken(null);
  writeAuth(null);
}

// Requests made before any sign-in in this tab (a reload, another tab's sign-in) can still refresh.
setAccessToken(null, refresh);
