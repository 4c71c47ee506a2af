import useSWR from 'swr';
import { ApiError } from '../../../lib/api-client';
import type { App } from '../../../../../contracts/catalogue/app';
import { appKey } from '../../../../../contracts/catalogue/keys';

// GET /api/apps/:slug: one active app; 404 CATALOGUE.APP_NOT_FOUND otherwise.

// null when the server wrote the page knowing there is no such app (the page it sends with HTTP 404).
export function useApp(slug: string) {
  return useSWR<App | null, ApiError>(appKey(slug), {
    // A missing app stays missing; retrying would only delay the 'App Not Found' screen.
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
