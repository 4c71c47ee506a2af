/**
 * The visitor tracker, loaded when the browser is idle (track.ts holds what happens before). It starts the
 * browser session once, sends a page view per route change (once the new page has set its title) and the
 * time spent on the page left, interactions from the features, and on page hide the session's time on site
 * and pages viewed. Events go out in batches (batch-queue.ts); the page never waits for them.
 */
import { attribute, cleanText } from './attribution';
import { createBatchQueue, type SendOutcome } from './batch-queue';
import { COLLECT_PATH } from './collect-path';
import { LIMITS, type AnalyticsEvent, type InteractionAction } from './events';
import { potentialKeywords } from './keywords';
import { getSessionId, getVisitorId, randomId } from './session';

/** The session's start and pages viewed, kept beside its id so a reload continues the same session. */
const SESSION_STATE_KEY = 'unsheet.analytics-session';
/** How long a new page may take to set its title (lazy code, data) before its view goes with the title it has. */
const TITLE_WAIT_MS = 3000;

export interface Tracker {
  /**
   * The visitor is on a new page (null: a page that is not tracked, the admin console). `leftTitle` is the
   * title the document showed just before the route changed: the title of the page left.
   */
  page(path: string | null, at: number, leftTitle: string): void;
  interaction(appId: string | null, action: InteractionAction, metadata: Record<string, unknown>, at: number): void;
  search(search: SearchRecord, at: number): void;
}

/** A query the visitor settled on in the search box; recorded again, same id, when a result is opened. */
export interface SearchRecord {
  searchId: string;
  query: string;
  results: number;
  opened: boolean;
}

interface SessionState {
  id: string;
  startedAt: number;
  pagesViewed: number;
}

interface OpenPage {
  id: string;
  url: string;
  at: number;
  referrer: string | null;
  /** The title of the page before (null for a document's first page): the view waits for the page's own. */
  previousTitle: string | null;
  viewSent?: boolean;
  timeSent?: boolean;
}

export function startTracker(): Tracker {
  const queue = createBatchQueue<AnalyticsEvent>({ post, beacon });
  let session: SessionState | undefined;
  let current: OpenPage | undefined;
  let lastUrl: string | null = null;
  let lastTitle: string | null = null;
  let stopWaiting = () => {};
  let hidden = false;

  function ensureSession(): SessionState {
    if (session) return session;
    const id = getSessionId();
    const stored = readState();
    if (stored?.id === id) return (session = stored);
    // The session starts with the document the visitor landed on, whatever client-side navigation followed.
    const startedAt = Math.round(performance.timeOrigin);
    session = { id, startedAt, pagesViewed: 0 };
    saveState(session);
    const url = cleanText(landingUrl(), LIMITS.url);
    const referrer = document.referrer ? cleanText(document.referrer, LIMITS.referrer) : null;
    queue.push({
      type: 'session_start',
      sessionId: id,
      at: iso(startedAt),
      visitorId: getVisitorId(),
      url,
      referrer,
      ...attribute(url, referrer),
    });
    return session;
  }

  function sendView(page: OpenPage, rawTitle: string) {
    if (page.viewSent) return;
    page.viewSent = true;
    stopWaiting();
    const state = ensureSession();
    const title = cleanText(rawTitle, LIMITS.title);
    lastTitle = title;
    state.pagesViewed += 1;
    saveState(state);
    queue.push({
      type: 'page_view',
      sessionId: state.id,
      at: iso(page.at),
      pageViewId: page.id,
      url: page.url,
      title,
      referrer: page.referrer,
      potentialKeywords: potentialKeywords({ url: page.url, title, referrer: page.referrer }),
    });
  }

  // Pages set their title as they render, some only once their data has arrived (in between, the page before
  // has taken its <title> away). On the first page, the layout (and this tracker) can be live before the page
  // itself has hydrated: wait for <html data-hydrated> (root-layout.tsx), set in the commit that renders the
  // page and its title.
  function sendViewWhenTitled(page: OpenPage) {
    const ready = () =>
      document.title !== '' &&
      (page.previousTitle === null ? document.documentElement.dataset.hydrated === 'true' : document.title !== page.previousTitle);
    if (ready()) return sendView(page, document.title);
    const observer = new MutationObserver(() => {
      if (ready()) sendView(page, document.title);
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    observer.observe(document.documentElement, { attributeFilter: ['data-hydrated'] });
    const timer = setTimeout(() => sendView(page, document.title), TITLE_WAIT_MS);
    stopWaiting = () => {
      observer.disconnect();
      clearTimeout(timer);
      stopWaiting = () => {};
    };
  }

  /**
   * The visitor leaves the current page (route change or page hide): its view if still waiting, with the
   * title the page showed last, and its time.
   */
  function leave(at: number, title: string) {
    if (!current) return;
    sendView(current, title);
    if (current.timeSent) return;
    current.timeSent = true;
    queue.push({
      type: 'page_time',
      sessionId: ensureSession().id,
      at: iso(at),
      pageViewId: current.id,
      seconds: seconds(at - current.at),
    });
  }

  function onHide() {
    if (hidden) return;
    hidden = true;
    const at = Date.now();
    leave(at, document.title);
    if (session) {
      queue.push({
        type: 'session_end',
        sessionId: session.id,
        at: iso(at),
        timeOnSite: seconds(at - session.startedAt),
        pagesViewed: session.pagesViewed,
      });
    }
    queue.flushOnHide();
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
    else hidden = false;
  });
  // pagehide covers unloads where visibilitychange does not fire; pageshow, a page restored from the bfcache.
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', () => (hidden = false));
  // Loaded while the page was hidden (track.ts loads it early then): flush what track.ts hands over, which it
  // does synchronously right after this returns, hence the microtask.
  queueMicrotask(() => {
    if (document.visibilityState === 'hidden') onHide();
  });

  return {
    page(path, at, leftTitle) {
      leave(at, leftTitle);
      current = undefined;
      if (path === null) return;
      ensureSession();
      const url = cleanText(new URL(path, location.origin).href, LIMITS.url);
      const first = lastUrl === null;
      const referrer = first ? document.referrer || null : lastUrl;
      current = {
        id: randomId(),
        url,
        // The first page of a load was opened when the document started loading, not when this code ran.
        at: first ? Math.min(at, Math.round(performance.timeOrigin)) : at,
        referrer: referrer && cleanText(referrer, LIMITS.referrer),
        previousTitle: lastTitle,
      };
      lastUrl = url;
      // A page handed over by track.ts that the visitor had already left: its view goes out as the next one
      // opens, with the title it showed then.
      if (path === location.pathname + location.search) sendViewWhenTitled(current);
    },

    interaction(appId, action, metadata, at) {
      queue.push({
        type: 'interaction',
        sessionId: ensureSession().id,
        at: iso(at),
        eventId: randomId(),
        appId,
        action,
        metadata: withinLimit(metadata),
      });
    },

    search({ searchId, query, results, opened }, at) {
      queue.push({
        type: 'search',
        sessionId: ensureSession().id,
        at: iso(at),
        searchId,
        query: cleanText(query, LIMITS.searchQuery),
        results,
        opened,
      });
    },
  };
}

async function post(body: string): Promise<SendOutcome> {
  const response = await fetch(COLLECT_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (response.ok) return 'sent';
  return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
}

function beacon(body: string): boolean {
  try {
    return navigator.sendBeacon(COLLECT_PATH, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/** The URL the visitor landed on (campaign parameters included), unless that was an untracked admin page. */
function landingUrl(): string {
  const entry = performance.getEntriesByType('navigation')[0];
  if (entry && !/^\/admin(?:\/|$)/.test(new URL(entry.name).pathname)) return entry.name;
  return location.href;
}

function readState(): SessionState | null {
  try {
    const state = JSON.parse(sessionStorage.getItem(SESSION_STATE_KEY) ?? 'null') as SessionState | null;
    return state && typeof state.startedAt === 'number' && typeof state.pagesViewed === 'number' ? state : null;
  } catch {
    return null;
  }
}

function saveState(state: SessionState) {
  try {
    sessionStorage.setItem(SESSION_STATE_KEY, JSON.stringify(state));
  } catch {
    // Without storage the session lives as long as this page; nothing else to do.
  }
}

function withinLimit(metadata: Record<string, unknown>): Record<string, unknown> {
  if (new TextEncoder().encode(JSON.stringify(metadata)).length <= LIMITS.metadataBytes) return metadata;
  console.warn('Analytics: interaction metadata over 2 KB, sent empty');
  return {};
}

function seconds(milliseconds: number): number {
  return Math.max(0, Math.round(milliseconds / 1000));
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
