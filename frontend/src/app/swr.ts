import type { SWRConfiguration } from 'swr';
import { answeredOnce } from '../lib/answered-once';
import { apiGet } from '../lib/api-client';

/**
 * SWR settings shared by the browser and server rendering, for a page whose server wrote `initialData` in
 * (the API responses its first render needs, keyed by the same paths as the SWR keys): SWR starts from them,
 * and the hooks that render them on the page's first view do not ask for them again on mount. Both sides
 * render with the same setting, so the server's markup and the hydrated page agree (no 'loading' state in
 * either).
 */
export function swrConfig(initialData: Record<string, unknown>): SWRConfiguration {
  return {
    // SWR keys are API paths under /api, so one fetcher serves every read hook.
    fetcher: (path: string) => apiGet<unknown>(path),
    // Catalogue data changes rarely; refetching on every tab switch would only add load and view flicker.
    revalidateOnFocus: false,
    fallback: initialData,
    use: [answeredOnce(new Set(Object.keys(initialData)))],
  };
}
