import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { routes } from './router';
import { swrOptions } from './swr';

const router = createBrowserRouter(routes);

/**
 * The server writes the API responses a page's first render needs into the HTML (#initial-data, keyed by
 * the same paths as the SWR keys), so the first render shows the content itself, with no request waterfall
 * and no layout shift from skeletons, and matches the HTML the server rendered with the same data.
 * SWR still revalidates them after mount.
 */
function initialData(): Record<string, unknown> {
  const element = document.getElementById('initial-data');
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const swrConfig: SWRConfiguration = { ...swrOptions, fallback: initialData() };

export function Providers() {
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
