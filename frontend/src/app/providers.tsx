import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { apiGet } from '../lib/api-client';
import { router } from './router';

const swrConfig: SWRConfiguration = {
  // SWR keys are API paths under /api, so one fetcher serves every read hook.
  fetcher: (path: string) => apiGet<unknown>(path),
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
