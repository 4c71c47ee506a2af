/**
 * The part of the analytics tracker that every page carries, kept to a few hundred bytes: it notes route
 * changes and interactions from the first render on, loads the tracker itself (tracker.ts) once the browser
 * is idle, and hands it what happened meanwhile, so the first page view is not lost.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { InteractionAction } from './events';
import type { Tracker } from './tracker';

type Command = (tracker: Tracker) => void;

let tracker: Tracker | undefined;
const waiting: Command[] = [];
let loading = false;
let lastPath: string | undefined;

function run(command: Command) {
  if (tracker) command(tracker);
  else waiting.push(command);
}

/** Records what a visitor does with an app (or with the site, appId null). Never throws, never waits. */
export function trackInteraction(
  appId: string | null,
  action: InteractionAction,
  metadata: Record<string, unknown> = {},
): void {
  const at = Date.now();
  run((loaded) => loaded.interaction(appId, action, metadata, at));
}

/** Mounted once, in the root layout: a page view per route change (a change of the hash alone is none). */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = pathname + search;
    // StrictMode runs effects twice in development; one route change is one page.
    if (path === lastPath) return;
    lastPath = path;
    const at = Date.now();
    // The admin console is not visitor traffic; going there still ends the page before.
    const tracked = !/^\/admin(?:\/|$)/.test(pathname);
    run((loaded) => loaded.page(tracked ? path : null, at));
    if (loading || !tracked) return;
    loading = true;
    const load = () =>
      import('./tracker')
        .then(({ startTracker }) => {
          tracker = startTracker();
          for (const command of waiting.splice(0)) command(tracker);
        })
        .catch((error: unknown) => console.warn('Analytics: the tracker did not load', error));
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
    else setTimeout(load, 1000);
  }, [pathname, search]);
}
