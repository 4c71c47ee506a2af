import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import './index.css';

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
