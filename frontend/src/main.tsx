import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApp } from './app/providers';
import { usePwaStore, watchInstallPrompt } from './features/pwa/pwa-store';
import { cn } from './lib/utils';
import './index.css';

// Before anything else, so the browser's install prompt is caught whenever it comes.
watchInstallPrompt();

// The server writes SEO tags for crawlers (data-ssr); the pages render their own, so drop the server's.
for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

/** Runs the steps one after the other, each in a task of its own. */
function inTasks(...steps: (() => void)[]): void {
  const [step, ...rest] = steps;
  if (step)
    setTimeout(() => {
      step();
      inTasks(...rest);
    });
}

// Starting takes a few steps, each a task of its own so that none blocks the page for long (under Lighthouse's
// 4× CPU throttle, with the modules' evaluation they were one task of over 200 ms): tailwind-merge's class
// tables, which it builds on the first cn() (about 20 ms) and would otherwise build in the middle of hydrating
// the header; then the router, which matches the address against every route, and hydration, which React
// splits further.
inTasks(
  () => cn(),
  () => {
    const app = <StrictMode>{createApp()}</StrictMode>;
    // The server renders the first view of the pages it can (backend/src/site/spa-page.ts): hydrate that markup.
    // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds instead of
    // blocking the main thread for the whole page (the page is already painted; input is replayed once hydrated).
    if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  },
);

/**
 * The installed-app code starts a while after the page has loaded: installing the service worker downloads
 * every precached file, which must not compete with the visit's own first requests, and the code (with
 * workbox-window) is fetched only then (docs/pwa.md).
 */
const REGISTER_AFTER_LOAD_MS = 3000;
if (import.meta.env.PROD) {
  const register = () =>
    import('./features/pwa/start-pwa').then(
      (module) => module.startPwa(usePwaStore.setState),
      (error: unknown) => console.error('Service worker registration failed', error),
    );
  const later = () => setTimeout(() => void register(), REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
