import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { apiGet } from '../lib/api-client';
import { router } from './router';

/**
 * The server writes the API responses a page's first render needs into the HTML (#initial-data, keyed by
 * the same paths as the SWR keys), so the first render shows the content itself, with no request waterfall
 * and no layout shift from skeletons. SWR still revalidates them after mount.
 */
function initialData(): Record<string, unknown> {
  const element = document.getElementById('initial-data');
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const swrConfig: SWRConfiguration = {
  // SWR keys are API paths under /api, so one fetcher serves every read hook.
  fetcher: (path: string) => apiGet<unknown>(path),
  fallback: initialData(),
  // Catalogue data changes rarely; refetching on every tab switch would only add load and view flicker.
  revalidateOnFocus: false,
};

export function Providers() {
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
