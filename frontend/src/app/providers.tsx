import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from './router';
import { swrConfig } from './swr';

/**
 * The server writes the API responses a page's first render needs into the HTML (#initial-data, keyed by
 * the same paths as the SWR keys), so the first render shows the content itself, with no request waterfall
 * and no layout shift from skeletons, and matches the HTML the server rendered with the same data.
 */
function initialData(): Record<string, unknown> {
  const element = document.getElementById('initial-data');
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The app with its router and SWR settings, made once, when the page starts (main.tsx). */
export function createApp(): ReactElement {
  const router = createBrowserRouter(routes);
  return (
    <SWRConfig value={swrConfig(initialData())}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
