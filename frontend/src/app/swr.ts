import type { SWRConfiguration } from 'swr';
import { apiGet } from '../lib/api-client';

/** SWR settings shared by the browser and server rendering; each adds the page's initial data as `fallback`. */
export const swrOptions: SWRConfiguration = {
  // SWR keys are API paths under /api, so one fetcher serves every read hook.
  fetcher: (path: string) => apiGet<unknown>(path),
  // Catalogue data changes rarely; refetching on every tab switch would only add load and view flicker.
  revalidateOnFocus: false,
};
