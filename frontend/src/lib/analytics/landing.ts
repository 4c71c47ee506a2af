/**
 * The first moments of a visit, before the app's script has run. The server writes a small script built from
 * landing-script.ts into every page, which calls noteLanding() as the page is parsed: it makes the session and
 * visitor ids (session.ts, stored where the app reads them) and the landing page view's id, and if the
 * visitor leaves before the app's script takes over (track.ts), it sends by beacon what the app would have:
 * the session's start (unless a page before started it), and the page view with the title the page shows and
 * its time (the session's duration counts the last page's time). The app's script, when it starts on this page, takes the landing over: it
 * reuses the ids, and what the inline part has sent is not sent again.
 */
import { cleanText } from '../../../../contracts/analytics/attribution';
import type { AnalyticsEvent } from '../../../../contracts/analytics/collect';
import { LIMITS } from '../../../../contracts/analytics/limits';
import { keptReferrer, keptUrl } from '../../../../contracts/analytics/page-url';
import { COLLECT_PATH } from './collect-path';
import { getSessionId, getVisitorId, isUntracked, randomId, readSessionState, saveSessionState } from './session';

/** The landing page view, as the inline part noted it; shared with the app's script on the window. */
export interface Landing {
  pageViewId: string;
  /** When the document started loading (epoch ms): the page view's and a new session's time. */
  at: number;
  /** Set by the app's script as it starts: from then on the app sends the visit and the inline part nothing. */
  takenOver?: boolean;
  /** The title the page view went out with, once the inline part has sent it (with its time). */
  sentTitle?: string;
}

declare global {
  interface Window {
    unsheetLanding?: Landing;
  }
}

export function noteLanding(): void {
  if (isUntracked(location.pathname)) return;
  const landing: Landing = { pageViewId: randomId(), at: Math.round(performance.timeOrigin) };
  window.unsheetLanding = landing;
  const sessionId = getSessionId();
  const visitorId = getVisitorId();
  // No fragment (a reset link's token) and only the attribution and grid parameters (page-url.ts).
  const url = cleanText(keptUrl(location.href), LIMITS.url);
  const referrer = cleanText(keptReferrer(document.referrer, location.href), LIMITS.referrer) || null;
  const iso = (time: number) => new Date(time).toISOString();

  const send = () => {
    if (landing.takenOver || landing.sentTitle !== undefined) return;
    const stored = readSessionState();
    const state = stored?.id === sessionId ? stored : { id: sessionId, startedAt: landing.at, pagesViewed: 0 };
    const title = cleanText(document.title, LIMITS.title);
    const now = Date.now();
    const { pageViewId, at } = landing;
    landing.sentTitle = title;
    state.pagesViewed += 1;
    saveSessionState(state);
    const events: AnalyticsEvent[] = [
      { type: 'page_view', sessionId, at: iso(at), pageViewId, url, title, referrer, potentialKeywords: [] },
      { type: 'page_time', sessionId, at: iso(now), pageViewId, seconds: Math.max(0, Math.round((now - at) / 1000)) },
    ];
    // Where the session came from is left to the API, which works it out from the URL and referrer.
    if (state !== stored) events.unshift({ type: 'session_start', sessionId, at: iso(at), visitorId, url, referrer });
    navigator.sendBeacon(COLLECT_PATH, new Blob([JSON.stringify({ events })], { type: 'application/json' }));
  };
  addEventListener('pagehide', send);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
}

/** The landing the inline part noted for this page, taken over by the app's script (undefined: none). */
export function takeOverLanding(): Landing | undefined {
  const landing = typeof window === 'undefined' ? undefined : window.unsheetLanding;
  if (landing) landing.takenOver = true;
  return landing;
}
