/**
 * The part of the analytics tracker that every page's app script carries: it notes the landing page (taking it
 * over from the inline part, landing.ts, with its ids and what it has sent), route changes and interactions
 * from the first moment on, with their ids, loads the tracker itself (tracker.ts) once the page
 * has loaded and gone quiet, and hands it what happened meanwhile. The landing page's view goes out as soon
 * as the page shows its title: by the inline part where the server wrote it, else from here once the app has
 * rendered the page. A visitor who leaves (or switches away) before the tracker has loaded still counts: on
 * page hide it sends what it knows by beacon, as the tracker would have, and marks it sent so the tracker, if
 * it loads later, does not send it again.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { beacon, keepalivePost, serialise, takeBatches } from './beacon';
import type { AnalyticsEvent, InteractionAction } from './events';
import type { SearchRecord, Tracker } from './tracker';
import { takeOverLanding, type Landing } from './landing';
import { isUntracked, randomId, saveSessionState } from './session';
import { eventsSoFar, openPage, openSession, pageUrl, pageViewEvent, type Opened, type PendingInteraction } from './visit-events';

type Command = (tracker: Tracker) => void;

/**
 * After the page's load event, when it has gone quiet (an idle callback would come at once): the tracker
 * never competes with what the visitor came for, and is no part of the first-load JavaScript
 * (e2e/budget.e2e.ts measures until the network has been quiet for 500 ms).
 */
const TRACKER_DELAY_MS = 3000;

let tracker: Tracker | undefined;
const waiting: Command[] = [];
/** What happened before the tracker loaded, for the beacon on page hide. */
const opened: Opened[] = [];
const interactions: PendingInteraction[] = [];
/** The landing page's view, sent as the page rendered it, when that request failed. */
const unsent: AnalyticsEvent[] = [];
let scheduled = false;
let loading = false;
/** Whether the first page of this document has been opened (the landing page). */
let landingSeen = false;
let hidden = false;
let lastPath: string | undefined;
/** The address of the last tracked page opened: the referrer of the next. */
let lastUrl: string | null = null;
/** The address of the page shown, if tracked (null: none yet, or the admin console). */
let shownUrl: string | null = null;
/**
 * The landing page's title as the server sent it: the app drops the server's <title> as it starts and the
 * page sets its own once rendered, so a visitor leaving in between still has the page's title.
 */
let landingTitle = '';

function run(command: Command) {
  if (tracker) command(tracker);
  else waiting.push(command);
}

/** Records what a visitor does with an app (or with the site, appId null). Never throws, never waits. */
export function trackInteraction(appId: string | null, action: InteractionAction, metadata: Record<string, unknown> = {}): void {
  const interaction: PendingInteraction = { id: randomId(), appId, action, metadata, at: Date.now() };
  if (!tracker) interactions.push(interaction);
  run((loaded) => loaded.interaction(interaction));
}

/** Records a search of the site's search box (docs/demand-signals.md). Never throws, never waits. */
export function trackSearch(search: SearchRecord): void {
  const at = Date.now();
  run((loaded) => loaded.search(search, at));
}

function load() {
  if (loading) return;
  loading = true;
  import('./tracker')
    .then(({ startTracker }) => {
      tracker = startTracker();
      tracker.resend(unsent.splice(0));
      for (const command of waiting.splice(0)) command(tracker);
      opened.length = 0;
      interactions.length = 0;
    })
    .catch((error: unknown) => console.warn('Analytics: the tracker did not load', error));
}

/**
 * The visitor is on `path` (a route change, or the page landed on), having left a page titled `leftTitle`;
 * `landing`: the landing page as the inline part noted it.
 */
function pageOpened(path: string, leftTitle: string, landing?: Landing) {
  // StrictMode runs effects twice in development; one route change is one page.
  if (path === lastPath) return;
  lastPath = path;
  const at = Date.now();
  // The admin console is not visitor traffic; going there still ends the page before.
  const tracked = !isUntracked(new URL(path, location.origin).pathname);
  // A page rewriting its own address, taking out what analytics does not keep (a link's token), is still
  // the page the visitor opened: no new view.
  if (tracked && shownUrl === pageUrl(path)) return;
  const page = tracked ? openPage(landing?.pageViewId ?? randomId(), path, at, lastUrl) : null;
  if (page && landing?.sentTitle !== undefined) {
    // The inline part has sent this view (and saved the session it started), and its time if it was hidden.
    page.title = landing.sentTitle;
    page.timeSent = landing.timeSent;
  }
  if (page) lastUrl = page.url;
  shownUrl = page?.url ?? null;
  const entry: Opened = { path, page, at, leftTitle };
  if (!tracker) opened.push(entry);
  run((loaded) => loaded.page(entry));
  if (page && !landingSeen) sendViewWhenRendered(entry);
  landingSeen = true;
  if (scheduled || !tracked) return;
  scheduled = true;
  const later = () => setTimeout(load, TRACKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

/**
 * The landing page's view, when the inline part has not sent it (the page's title is the app's to render):
 * once the app has hydrated, in the commit that renders the page and its title (root-layout.tsx), unless the
 * tracker, or the beacon of a page hide, has sent it by then. The visit counts from here, however it ends.
 */
function sendViewWhenRendered(entry: Opened) {
  const page = entry.page!;
  const root = document.documentElement;
  const send = () => {
    if (tracker || page.title !== undefined || opened.at(-1) !== entry || document.title === '') return;
    const { state, start } = openSession();
    const events = [...(start ? [start] : []), pageViewEvent(state, page, document.title)];
    saveSessionState(state);
    keepalivePost(serialise(events))
      .then(({ status }) => {
        if (status === 429 || status >= 500) throw new Error(`Analytics: the server answered ${status}`);
      })
      .catch((error: unknown) => {
        console.debug('Analytics: sending failed', error);
        // Sent again with what goes out next: by the tracker, or by the beacon on page hide.
        unsent.push(...events);
        if (tracker) tracker.resend(unsent.splice(0));
      });
  };
  if (page.title !== undefined) return;
  if (root.dataset.hydrated === 'true') return send();
  const observer = new MutationObserver(() => {
    if (root.dataset.hydrated !== 'true') return;
    observer.disconnect();
    send();
  });
  observer.observe(root, { attributeFilter: ['data-hydrated'] });
}

/** The page is being hidden or left with no tracker yet: one beacon with what the tracker would have sent. */
function sendWhatIsKnown() {
  if (tracker || hidden) return;
  hidden = true;
  if (!opened.some((entry) => entry.page)) return;
  const { state, start } = openSession();
  const title = document.title || (opened.length === 1 ? landingTitle : '');
  const events = [...unsent.splice(0), ...(start ? [start] : []), ...eventsSoFar(state, opened, interactions, Date.now(), title)];
  saveSessionState(state);
  for (const batch of takeBatches(events)) {
    const body = serialise(batch);
    // The browser refuses a beacon when its quota is used up; keepalive fetch is the next best thing.
    if (!beacon(body)) keepalivePost(body).catch((error: unknown) => console.debug('Analytics: sending failed', error));
  }
}

// The landing page counts from the moment this code runs, before React has rendered anything: a visitor may
// be gone before the app has hydrated.
if (typeof document !== 'undefined') {
  landingTitle = document.title;
  pageOpened(location.pathname + location.search, '', takeOverLanding());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendWhatIsKnown();
    else hidden = false;
  });
  // pagehide covers unloads where visibilitychange does not fire; pageshow, a page restored from the bfcache.
  addEventListener('pagehide', sendWhatIsKnown);
  addEventListener('pageshow', () => (hidden = false));
}

/** Mounted once, in the root layout: a page view per route change (a change of the hash alone is none). */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  // Read while rendering the new route, before React commits it: the title of the page being left.
  const leftTitle = typeof document === 'undefined' ? '' : document.title;
  useEffect(() => {
    pageOpened(pathname + search, leftTitle);
    // The title is read when the path changes (the page being left), not followed on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);
}
