/**
 * Registers /sw.js (scope /) and reports its state to the PWA store. Imported lazily by main.tsx after the
 * page has loaded, so neither this nor workbox-window is part of the first load. A new version that has
 * installed while an older one controls the page waits: the update notice offers it, and taking it makes the
 * page reload once, when the new version takes control (vite-plugin-pwa's registerSW, prompt mode).
 * Registration failure is only logged (spec §8).
 */
import { registerSW } from 'virtual:pwa-register';
import { usePwaStore } from './pwa-store';

/** How often a page left open asks whether a new version was deployed (the browser also asks on navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const firstInstall = navigator.serviceWorker.controller === null;
  usePwaStore.setState({ serviceWorker: 'registering' });

  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      usePwaStore.setState({ applyUpdate: () => void updateServiceWorker(true), updateDismissed: false });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      void navigator.serviceWorker.ready.then((ready) => {
        usePwaStore.setState({ serviceWorker: 'active' });
        if (firstInstall) ready.active?.postMessage({ type: 'KEEP_PAGE', url: window.location.href });
      });
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
      usePwaStore.setState({ serviceWorker: 'failed' });
    },
  });
}
