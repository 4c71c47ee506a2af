/**
 * The service worker, served at /sw.js with scope / (built by vite-plugin-pwa's injectManifest from this
 * file; docs/pwa.md explains what is cached and how updates roll out).
 *
 * - Precache: the app's scripts, styles and icons (hashed names, listed by the build) and the offline page.
 * - Pages: network first, so a visitor online always gets the current server-rendered page; offline, the
 *   copy of a page opened before, else the offline page.
 * - Catalogue API reads: stale-while-revalidate, so a page opened before renders offline and at once online.
 * - Everything else (the admin console, its API, every write) is not handled here: it goes to the network.
 * - A new version waits until the page asks it to take over ('Atualizar agora', SKIP_WAITING).
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { BYPASSED_PATHS, CATALOGUE_CACHE, isCachedPage, isCatalogueRead, OFFLINE_PAGE, PAGES_CACHE } from './cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The Service Worker Static Routing API (Chromium 123 and later); other browsers do not have it yet. */
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?(rules: Array<{ condition: { urlPattern: { pathname: string } }; source: 'network' }>): Promise<void>;
}

const DAY = 24 * 60 * 60;

// The analytics batches go straight to the network, never through this worker (see BYPASSED_PATHS).
self.addEventListener('install', (event: RoutingInstallEvent) => {
  const rules = BYPASSED_PATHS.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'network' as const }));
  event.waitUntil(event.addRoutes?.(rules).catch((error: unknown) => console.warn('Static routes refused', error)) ?? Promise.resolve());
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes control of the open page at once, so what it loads next is kept for offline use.
// An update does not get here until the visitor chose to take it (skipWaiting below).
clientsClaim();

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // On a connection that answers nothing, a kept copy is better than a blank wait.
  networkTimeoutSeconds: 5,
  plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * DAY })],
});
registerRoute(({ request, url }) => request.mode === 'navigate' && isCachedPage(url, self.location.origin), pages);

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; url?: unknown } | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page that installed the first version loaded before any service worker could keep it.
  if (message?.type === 'KEEP_PAGE' && typeof message.url === 'string') {
    const url = new URL(message.url);
    if (isCachedPage(url, self.location.origin)) {
      event.waitUntil(pages.handle({ event, request: new Request(url) }).catch(() => undefined));
    }
  }
});

registerRoute(
  ({ url }) => isCatalogueRead(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
  }),
);

// A navigation nothing could answer (offline, never opened before) gets the offline page, at its own URL, so
// that Try Again retries the page the visitor wanted (see app/offline-fallback.ts).
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});
