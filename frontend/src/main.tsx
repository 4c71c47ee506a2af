import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import './index.css';

// The server writes SEO tags for crawlers (data-ssr); the pages render their own, so drop the server's.
for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
