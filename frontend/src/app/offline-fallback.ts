/**
 * True when this document is the offline page that the service worker answered for another URL (a page
 * never opened before, requested offline; see src/sw/sw.ts). The URL stays the one the visitor asked for,
 * so Try Again retries it; the root layout shows the offline page there until the visitor navigates.
 * Read once, before hydration, from the server-rendered markup.
 */
import { paths } from './paths';

export const startedAsOfflineFallback =
  typeof document !== 'undefined' &&
  window.location.pathname !== paths.offline &&
  document.querySelector('[data-offline-page]') !== null;
