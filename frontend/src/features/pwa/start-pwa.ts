/**
 * Reads how the site runs (platform, standalone) and registers /sw.js (scope /), reporting both to the PWA
 * store. Imported lazily by main.tsx a while after the page has loaded, so neither this nor workbox-window
 * is part of the first load. A new version that has installed while an older one controls the page waits:
 * the update notice offers it, and taking it makes the page reload once, when the new version takes
 * control (vite-plugin-pwa's registerSW, prompt mode). Registration failure is only logged (spec §8).
 */
import { registerSW } from 'virtual:pwa-register';
import { detectPlatform } from './platform';
import type { PwaState } from './pwa-store';

/** The PWA store's setState, passed in: importing the store here would reshape the first-load chunks. */
type SetPwaState = (state: Partial<PwaState>) => void;

/** How often a page left open asks whether a new version was deployed (the browser also asks on navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function startPwa(setState: SetPwaState): void {
  watchDisplayMode(setState);
  if ('serviceWorker' in navigator) registerServiceWorker(setState);
  else setState({ serviceWorker: 'unsupported' });
}

/** Installed apps run standalone, or on iOS with the home-screen flag: then there is nothing to install. */
function watchDisplayMode(setState: SetPwaState): void {
  const standaloneQuery = window.matchMedia('(display-mode: standalone)');
  const read = () =>
    setState({
      standalone: standaloneQuery.matches || (navigator as { standalone?: boolean }).standalone === true,
    });
  read();
  standaloneQuery.addEventListener('change', read);
  setState({ platform: detectPlatform(navigator) });
}

function registerServiceWorker(setState: SetPwaState): void {
  const firstInstall = navigator.serviceWorker.controller === null;
  setState({ serviceWorker: 'registering' });

  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      setState({ applyUpdate: () => void updateServiceWorker(true), updateDismissed: false });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      void navigator.serviceWorker.ready.then((ready) => {
        setState({ serviceWorker: 'active' });
        if (firstInstall) ready.active?.postMessage({ type: 'KEEP_PAGE', url: window.location.href });
      });
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
      setState({ serviceWorker: 'failed' });
    },
  });
}
