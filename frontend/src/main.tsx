import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { watchInstallability } from './features/pwa/pwa-store';
import './index.css';

// Before anything else, so the browser's install prompt is caught whenever it comes.
watchInstallability();

// The server writes SEO tags for crawlers (data-ssr); the pages render their own, so drop the server's.
for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

const app = (
  <StrictMode>
    <Providers />
  </StrictMode>
);
// The server renders the first view of the pages it can (backend/src/site/spa-page.ts): hydrate that markup.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

// The service worker waits until the page has loaded, and its code is fetched only then (docs/pwa.md).
if (import.meta.env.PROD) {
  const register = () =>
    import('./features/pwa/register-service-worker').then(
      (module) => module.registerServiceWorker(),
      (error: unknown) => console.error('Service worker registration failed', error),
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
