/**
 * The first moments of a visit, before the app's script has run. The server writes a small script built from
 * landing-script.ts into every page, at the end of its head, which calls noteLanding() as the page is parsed:
 * it makes the session and visitor ids (session.ts, stored where the app reads them) and the landing page
 * view's id. Where the server wrote the page's title (home, categories, app pages), it sends at once, by
 * beacon, the session's start (unless a page before started it) and the page view, and on an app's page the
 * app's view (its count and the `view` interaction): a visit counts from its first moment, however it ends
 * (a closed tab or browser, a crash). Elsewhere the page's title is the app's to render, and the app's script
 * sends the view once it has (track.ts). If the visitor leaves before the app's script takes over, it sends
 * on page hide what the app would have: the view if it has not gone out, the page's time and the session's
 * end. The app's script, when it starts on this page, takes the landing over: it reuses the ids, and what the
 * inline part has sent is not sent again.
 */
import { cleanText } from '../../../../contracts/analytics/attribution';
import type { AnalyticsEvent } from '../../../../contracts/analytics/collect';
import { LIMITS } from '../../../../contracts/analytics/limits';
import { keptReferrer, keptUrl } from '../../../../contracts/analytics/page-url';
import { appKey, appViewsPath } from '../../../../contracts/catalogue/keys';
import type { AppViewInput } from '../../../../contracts/catalogue/app';
import { COLLECT_PATH } from './collect-path';
import { getSessionId, getVisitorId, isUntracked, randomId, readSessionState, saveSessionState, type SessionState } from './session';

/** The landing page view, as the inline part noted it; shared with the app's script on the window. */
export interface Landing {
  pageViewId: string;
  /** When the document started loading (epoch ms): the page view's and a new session's time. */
  at: number;
  /** Set by the app's script as it starts: from then on the app sends the visit and the inline part nothing. */
  takenOver?: boolean;
  /** The title the page view went out with, once the inline part has sent it. */
  sentTitle?: string;
  /** Set once the inline part has sent the page's time (the visitor hid or left the page). */
  timeSent?: boolean;
  /** The app whose view of this page the inline part counted as the page loaded, until the app page takes note. */
  viewedAppId?: string;
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
  // No fragment (a reset link's token) and only the attribution and grid parameters (page-url.ts).
  const url = cleanText(keptUrl(location.href), LIMITS.url);
  const referrer = cleanText(keptReferrer(document.referrer, location.href), LIMITS.referrer) || null;
  const iso = (time: number) => new Date(time).toISOString();
  const post = (path: string, body: string) =>
    fetch(path, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body });
  /** What a request as the page loaded failed to deliver (network down, server busy): sent again on page hide. */
  const unsent: AnalyticsEvent[] = [];
  // A keepalive request as the page loads; a beacon as it goes away (a keepalive request when the browser
  // refuses the beacon, its quota used up).
  const send = (fresh: AnalyticsEvent[], hiding: boolean) => {
    const events = [...unsent.splice(0), ...fresh];
    if (events.length === 0) return;
    const body = JSON.stringify({ events });
    if (hiding && navigator.sendBeacon(COLLECT_PATH, new Blob([body], { type: 'application/json' }))) return;
    post(COLLECT_PATH, body)
      .then(({ status }) => {
        if (status === 429 || status >= 500) throw new Error(`${status}`);
      })
      .catch((error: unknown) => {
        console.debug('Analytics: sending failed', error);
        unsent.push(...events);
      });
  };
  let state: SessionState | undefined;

  /** The session's start (unless a page before sent it) and the page view, with the title the page shows. */
  const view = (): AnalyticsEvent[] => {
    if (state) return [];
    const stored = readSessionState();
    state = stored?.id === sessionId ? stored : { id: sessionId, startedAt: landing.at, pagesViewed: 0 };
    const title = cleanText(document.title, LIMITS.title);
    landing.sentTitle = title;
    state.pagesViewed += 1;
    saveSessionState(state);
    const events: AnalyticsEvent[] = [
      { type: 'page_view', sessionId, at: iso(landing.at), pageViewId: landing.pageViewId, url, title, referrer },
    ];
    // Where the session came from is left to the API, which works it out from the URL and referrer.
    const automation = navigator.webdriver === true;
    if (state !== stored)
      events.unshift({ type: 'session_start', sessionId, at: iso(landing.at), visitorId: getVisitorId(), url, referrer, automation });
    return events;
  };

  // The server's title (data-ssr) is the page's own: the visit goes out now, with the app's view on its page.
  if (document.querySelector('title[data-ssr]')) {
    const events = view();
    const appId = appOfPage();
    if (appId) {
      landing.viewedAppId = appId;
      // The page view's id names the view: a request sent again counts once.
      const body: AppViewInput = { sessionId, viewId: landing.pageViewId };
      void post(`/api${appViewsPath(appId)}`, JSON.stringify(body)).catch(() => {});
      events.push({
        type: 'interaction',
        sessionId,
        at: iso(landing.at),
        eventId: randomId(),
        appId,
        action: 'view',
        metadata: { slug: slugOfPage() },
      });
    }
    send(events, false);
  }

  const hide = () => {
    if (landing.takenOver) return send([], true);
    const now = Date.now();
    const events = view();
    if (!landing.timeSent) {
      landing.timeSent = true;
      events.push({ type: 'page_time', sessionId, at: iso(now), pageViewId: landing.pageViewId, seconds: seconds(now - landing.at) });
    }
    const { startedAt, pagesViewed } = state!;
    events.push({ type: 'session_end', sessionId, at: iso(now), timeOnSite: seconds(now - startedAt), pagesViewed });
    send(events, true);
  };
  addEventListener('pagehide', hide);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hide());
}

/** The landing the inline part noted for this page, taken over by the app's script (undefined: none). */
export function takeOverLanding(): Landing | undefined {
  const landing = typeof window === 'undefined' ? undefined : window.unsheetLanding;
  if (landing) landing.takenOver = true;
  return landing;
}

/**
 * Whether the inline part counted the view of this app as the page loaded; true once, for the landing page
 * itself: the app's page opened again later is a page view of its own.
 */
export function landingViewedApp(appId: string): boolean {
  const landing = typeof window === 'undefined' ? undefined : window.unsheetLanding;
  if (landing?.viewedAppId !== appId) return false;
  landing.viewedAppId = undefined;
  return true;
}

function slugOfPage(): string | undefined {
  try {
    return decodeURIComponent(/^\/app\/([^/]+)\/?$/.exec(location.pathname)?.[1] ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/** On an app's page, the app's id, from the data the server wrote for the page's first render. */
function appOfPage(): string | undefined {
  const slug = slugOfPage();
  const data = document.getElementById('initial-data')?.textContent;
  if (!slug || !data) return undefined;
  try {
    const app = (JSON.parse(data) as Record<string, { id?: unknown } | undefined>)[appKey(slug)];
    return typeof app?.id === 'string' ? app.id : undefined;
  } catch {
    return undefined;
  }
}

function seconds(milliseconds: number): number {
  return Math.max(0, Math.round(milliseconds / 1000));
}
