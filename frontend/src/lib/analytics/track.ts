/**
 * The part of the analytics tracker that every page carries, kept to a few hundred bytes: it notes route
 * changes and interactions from the first render on, loads the tracker itself (tracker.ts) once the page has
 * loaded and gone quiet, and hands it what happened meanwhile, so the first page view is not lost.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { InteractionAction } from './events';
import type { SearchRecord, Tracker } from './tracker';

type Command = (tracker: Tracker) => void;

/**
 * After the page's load event, when it has gone quiet (an idle callback would come at once): the tracker
 * never competes with what the visitor came for, and is no part of the first-load JavaScript
 * (e2e/budget.e2e.ts measures until the network has been quiet for 500 ms).
 */
const TRACKER_DELAY_MS = 3000;

let tracker: Tracker | undefined;
const waiting: Command[] = [];
let scheduled = false;
let loading = false;
let lastPath: string | undefined;

function run(command: Command) {
  if (tracker) command(tracker);
  else waiting.push(command);
}

/** Records what a visitor does with an app (or with the site, appId null). Never throws, never waits. */
export function trackInteraction(appId: string | null, action: InteractionAction, metadata: Record<string, unknown> = {}): void {
  const at = Date.now();
  run((loaded) => loaded.interaction(appId, action, metadata, at));
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
      for (const command of waiting.splice(0)) command(tracker);
    })
    .catch((error: unknown) => console.warn('Analytics: the tracker did not load', error));
}

/** Mounted once, in the root layout: a page view per route change (a change of the hash alone is none). */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  // Read while rendering the new route, before React commits it: the title of the page being left.
  const leftTitle = typeof document === 'undefined' ? '' : document.title;
  useEffect(() => {
    const path = pathname + search;
    // StrictMode runs effects twice in development; one route change is one page.
    if (path === lastPath) return;
    lastPath = path;
    const at = Date.now();
    // The admin console is not visitor traffic; going there still ends the page before.
    const tracked = !/^\/admin(?:\/|$)/.test(pathname);
    run((loaded) => loaded.page(tracked ? path : null, at, leftTitle));
    if (scheduled || !tracked) return;
    scheduled = true;
    const later = () => setTimeout(load, TRACKER_DELAY_MS);
    if (document.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
    // A visitor who switches away before then still counts: load now, and the tracker flushes at once.
    document.addEventListener('visibilitychange', load, { once: true });
    // The title is read when the path changes (the page being left), not followed on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);
}
