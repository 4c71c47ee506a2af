/*
 * Signing in and out, and keeping the session alive: loaded on demand (auth pages, the admin console, the
 * Sign Out button), never with the public pages. The access token (15 minutes) is refreshed a minute before
 * it expires and after any 401. Tabs refresh one at a time (Web Locks), so each uses the refresh cookie the
 * previous one received: presenting a rotated token would make the server revoke the whole session.
 */
import { ApiError, apiPost, refreshAccessToken, setAccessToken } from '../../lib/api-client';
import { readAuth, writeAuth, type AuthUser } from './session-store';

export interface Session {
  accessToken: string;
  expiresAt: string;
  user: AuthUser;
}

const REFRESH_AHEAD_MS = 60_000;
let timer: ReturnType<typeof setTimeout> | undefined;

export async function signIn(email: string, password: string): Promise<Session> {
  return adopt(await apiPost<Session>('/auth/sign-in', { email, password }));
}

/** The answer is the same whether or not the address had an account: a new one, or an e-mail to its owner. */
export function signUp(input: { email: string; password: string; display_name?: string; redirect_to?: '/' | '/admin/dashboard' }) {
  return apiPost<{ email: string; displayName: string }>('/auth/sign-up', input);
}

/** "Forgot password?": the server e-mails a reset link if an account uses the address; its answer says so either way. */
export function requestPasswordReset(email: string) {
  return apiPost<{ message: string }>('/auth/forgot-password', { email });
}

/** Chooses a new password with a reset link's token: the account's other sessions end, and this one starts. */
export async function resetPassword(token: string, password: string): Promise<Session> {
  return adopt(await apiPost<Session>('/auth/reset-password', { token, password }));
}

/**
 * Follows the e-mail's confirmation link: the server confirms the address and starts a session. When more
 * than one sign-up used the address, the server asks for the sign-up's password too.
 */
export async function confirmEmail(token: string, password?: string): Promise<Session & { redirectTo: string }> {
  const confirmed = await apiPost<Session & { redirectTo: string }>('/auth/confirm', {
    token,
    ...(password !== undefined && { password }),
  });
  adopt(confirmed);
  return confirmed;
}

export async function signOut(): Promise<void> {
  forget();
  await apiPost('/auth/sign-out').catch((error: unknown) => console.warn('sign-out request failed', error));
}

/** A valid access token, refreshing when there is none in memory (e.g. after a reload). */
export async function ensureSession(): Promise<Session['user'] | null> {
  const token = await refreshAccessToken();
  return token ? (readAuth()?.user ?? null) : null;
}

async function refresh(): Promise<string | null> {
  const run = async () => {
    try {
      return adopt(await apiPost<Session>('/auth/refresh')).accessToken;
    } catch (error) {
      console.warn('session refresh failed', error);
      // The server ended the session (expired, signed out elsewhere, reused token); a network failure does not.
      if (error instanceof ApiError && error.status === 401) forget();
      return null;
    }
  };
  return navigator.locks ? navigator.locks.request('unsheet-auth-refresh', run) : run();
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
