/**
 * The offline page, as its own route and as the service worker's answer for a page that cannot be loaded
 * (src/sw/sw.ts). Lazy: only the service worker ever shows it, and it has precached every chunk first.
 */
import { lazy } from 'react';
import { paths } from '../lib/paths';

export const OfflineRoute = lazy(() => import('./routes/offline').then((module) => ({ default: module.OfflineRoute })));

/**
 * True when this document is the offline page that the service worker answered for another URL (a page
 * never opened before, requested offline). The URL stays the one the visitor asked for, so Try Again
 * retries it; the root layout shows the offline page there until the visitor navigates. Read once, before
 * hydration, from the server-rendered markup.
 */
export const startedAsOfflineFallback =
  typeof document !== 'undefined' && window.location.pathname !== paths.offline && document.querySelector('[data-offline-page]') !== null;
