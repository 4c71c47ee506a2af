/**
 * The visitor tracker, loaded when the browser is idle (track.ts holds what happens before, and the page's
 * inline part, landing.ts, has usually started the session and sent the landing page's view). It starts the
 * browser session if nothing did, sends a page view per route change (once the new page has set its title)
 * and the time spent on the page left, interactions from the features, and on page hide the session's time
 * on site and pages viewed. Events go out in batches (batch-queue.ts); the page never waits for them.
 */
import { cleanText } from '../../../../contracts/analytics/attribution';
import { createBatchQueue, type SendOutcome } from './batch-queue';
import { beacon, keepalivePost } from './beacon';
import { LIMITS, type AnalyticsEvent } from './events';
import {
  interactionEvent,
  openSession,
  pageTimeEvent,
  pageViewEvent,
  sessionEndEvent,
  type Opened,
  type PendingInteraction,
  type VisitPage,
} from './visit-events';
import { saveSessionState, type SessionState } from './session';

/** How long a new page may take to set its title (lazy code, data) before its view goes with the title it has. */
const TITLE_WAIT_MS = 3000;

export interface Tracker {
  /** The visitor is on a new page (track.ts made its record and ids, and may have sent some of it by beacon). */
  page(opened: Opened): void;
  interaction(interaction: PendingInteraction): void;
  search(search: SearchRecord, at: number): void;
  /** Events sent before the tracker had loaded whose request failed: they go out with the next batch. */
  resend(events: AnalyticsEvent[]): void;
}

/** A query the visitor settled on in the search box; recorded again, same id, when a result is opened. */
export interface SearchRecord {
  searchId: string;
  query: string;
  results: number;
  opened: boolean;
}

export function startTracker(): Tracker {
  const queue = createBatchQueue<AnalyticsEvent>({ post, beacon });
  let session: SessionState | undefined;
  let current: VisitPage | undefined;
  let lastTitle: string | null = null;
  let stopWaiting = () => {};
  let hidden = false;

  function ensureSession(): SessionState {
    if (session) return session;
    const { state, start } = openSession();
    if (start) queue.push(start);
    return (session = state);
  }

  function sendView(page: VisitPage, rawTitle: string) {
    if (page.title !== undefined) return;
    stopWaiting();
    const state = ensureSession();
    queue.push(pageViewEvent(state, page, rawTitle));
    saveSessionState(state);
    lastTitle = page.title!;
  }

  // Pages set their title as they render, some only once their data has arrived (in between, the page before
  // has taken its <title> away). On the first page, the layout (and this tracker) can be live before the page
  // itself has hydrated: wait for <html data-hydrated> (root-layout.tsx), set in the commit that renders the
  // page and its title. Whatever happens first, the title, the wait running out or the visitor leaving (with
  // the title shown then), the view goes out.
  function sendViewWhenTitled(page: VisitPage, previousTitle: string | null) {
    const ready = () =>
      document.title !== '' &&
      (previousTitle === null ? document.documentElement.dataset.hydrated === 'true' : document.title !== previousTitle);
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
    if (!current.timeSent) queue.push(pageTimeEvent(ensureSession(), current, at));
  }

  function onHide() {
    if (hidden) return;
    hidden = true;
    const at = Date.now();
    leave(at, document.title);
    if (session) queue.push(sessionEndEvent(session, at));
    queue.flushOnHide();
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
    else hidden = false;
  });
  // pagehide covers unloads where visibilitychange does not fire; pageshow, a page restored from the bfcache.
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', () => (hidden = false));

  return {
    page({ path, page, at, leftTitle }) {
      leave(at, leftTitle);
      current = undefined;
      if (!page) return;
      ensureSession();
      const previousTitle = lastTitle;
      current = page;
      // Sent by track.ts's beacon already (the visitor had switched away before this loaded).
      if (page.title !== undefined) lastTitle = page.title;
      // A page handed over by track.ts that the visitor had already left: its view goes out as the next one
      // opens, with the title it showed then.
      else if (path === location.pathname + location.search) sendViewWhenTitled(page, previousTitle);
    },

    interaction(interaction) {
      if (!interaction.sent) queue.push(interactionEvent(ensureSession(), interaction));
    },

    resend(events) {
      for (const event of events) queue.push(event);
    },

    search({ searchId, query, results, opened }, at) {
      queue.push({
        type: 'search',
        sessionId: ensureSession().id,
        at: new Date(at).toISOString(),
        searchId,
        query: cleanText(query, LIMITS.searchQuery),
        results,
        opened,
      });
    },
  };
}

async function post(body: string): Promise<SendOutcome> {
  const response = await keepalivePost(body);
  if (response.ok) return 'sent';
  return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
}
