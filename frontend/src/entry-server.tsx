/**
 * Server rendering of a page's first view, built by `vite build --ssr` and called by the backend
 * (backend/src/site/spa-page.ts) with the same initial data it writes into the page. The browser then
 * hydrates this markup (main.tsx), so the page paints before its JavaScript has run.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from './app/router';
import { swrConfig } from './app/swr';
import { paths } from './lib/paths';
import { wordingFor } from './lib/early-access-wording';
import { homeMeta as homeMetaFor } from './features/catalogue/seo';
import type { PageMetaProps } from './components/page-meta';
import type { EarlyAccessStatus } from '../../contracts/early-access/waitlist';

const handler = createStaticHandler(routes);

/**
 * A lazily loaded route suspends the first time it renders, and prerender then emits its content in a hidden
 * block revealed by an inline script. Rendering every route once when this module loads (the pages' own
 * data is not needed for that) means real renders never suspend and give plain HTML.
 */
const WARM_UP = [
  paths.home,
  paths.category('warm-up'),
  paths.app('warm-up'),
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.offline,
];
const warmedUp = Promise.all(WARM_UP.map((path) => renderPage(`http://localhost${path}`, {})));

export async function render(url: string, initialData: Record<string, unknown>): Promise<string> {
  await warmedUp;
  return renderPage(url, initialData);
}

async function renderPage(url: string, initialData: Record<string, unknown>): Promise<string> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Unexpected redirect while rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (unlike renderToString) waits for the lazily loaded route modules. A boundary larger than
  // progressiveChunkSize would be sent apart and revealed by script; the page must be plain HTML.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SWRConfig value={swrConfig(initialData)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SWRConfig>
    </StrictMode>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}

// The server writes these pages' SEO tags from the same rules the pages render with (backend/src/site/spa-page.ts).
export { appMeta, categoryMeta, notFoundMeta } from './features/catalogue/seo';

/** The home page's tags, worded for the Early Explorers status the page is rendered with. */
export function homeMeta(origin: string, search: string, status: EarlyAccessStatus | undefined): PageMetaProps {
  return homeMetaFor(origin, wordingFor(status), search);
}
