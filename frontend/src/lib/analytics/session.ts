/**
 * Who is visiting, for analytics and for the features that link their records to the visit (the lead form
 * sends the session id), and the analytics session's state. No imports on purpose: any page may load it, and
 * the inline part of every page (landing.ts) is built from it, so it must stay tiny.
 */

const SESSION_KEY = 'unsheet.session-id';
const VISITOR_KEY = 'unsheet.visitor-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A random uuid v4. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); plain http still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Kept in memory too: with storage disabled (private modes, policies) the id still holds for this page.
let sessionId: string | undefined;
let visitorId: string | undefined;

/** This browser session's id (sessionStorage['unsheet.session-id']), created on first use. Browser only. */
export function getSessionId(): string {
  sessionId ??= storedId(() => sessionStorage, SESSION_KEY);
  return sessionId;
}

/**
 * The first-party visitor id (localStorage['unsheet.visitor-id']) that tells a returning visitor; null, and
 * never stored, when the browser asks not to be tracked (Do Not Track or Global Privacy Control).
 */
export function getVisitorId(): string | null {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return null;
  visitorId ??= storedId(() => localStorage, VISITOR_KEY);
  return visitorId;
}

function storedId(storage: () => Storage, key: string): string {
  try {
    const stored = storage().getItem(key);
    if (stored && UUID.test(stored)) return stored;
    const id = randomId();
    storage().setItem(key, id);
    return id;
  } catch {
    return randomId();
  }
}

/** The session's start and pages viewed, kept beside its id so a reload continues the same session. */
const SESSION_STATE_KEY = 'unsheet.analytics-session';

export interface SessionState {
  id: string;
  startedAt: number;
  pagesViewed: number;
}

/** The stored session state; null when there is none (the session's start has not been sent). */
export function readSessionState(): SessionState | null {
  try {
    const state = JSON.parse(sessionStorage.getItem(SESSION_STATE_KEY) ?? 'null') as SessionState | null;
    return state && typeof state.startedAt === 'number' && typeof state.pagesViewed === 'number' ? state : null;
  } catch {
    return null;
  }
}

export function saveSessionState(state: SessionState): void {
  try {
    sessionStorage.setItem(SESSION_STATE_KEY, JSON.stringify(state));
  } catch {
    // Without storage the session lives as long as this page; nothing else to do.
  }
}

/** The admin console is not visitor traffic. */
export function isUntracked(pathname: string): boolean {
  return /^\/admin(?:\/|$)/.test(pathname);
}
