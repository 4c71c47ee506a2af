/*
 * Who is signed in, as this browser knows it: the user and the session's expiry, in localStorage, so every
 * tab agrees (the `storage` event carries changes across tabs). Tokens are not kept here: the refresh token
 * lives in an HttpOnly cookie and the access token in memory (lib/api-client.ts). Small on purpose: the
 * header reads it on every page.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../../../contracts/identity/session';

export interface StoredAuth {
  user: SessionUser;
  session: { expiresAt: string };
}

const KEY = 'unsheet.auth';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: StoredAuth | null = null;

export function readAuth(): StoredAuth | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage disabled: nobody counts as signed in.
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cached = raw ? (JSON.parse(raw) as StoredAuth) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

export function writeAuth(value: StoredAuth | null): void {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the session lasts as long as this page.
  }
  listeners.forEach((listener) => listener());
}

/** The spec's rule: logged in when both the user and the session exist locally. */
export function isLoggedIn(auth: StoredAuth | null): auth is StoredAuth {
  return Boolean(auth?.user && auth.session);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session; null while server rendering (pages are rendered signed out, then updated). */
export function useAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribe, readAuth, () => null);
}
