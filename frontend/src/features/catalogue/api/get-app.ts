import useSWR from 'swr';
import { ApiError } from '../../../lib/api-client';
import type { App } from '../../../../../contracts/catalogue/app';
import { appKey } from '../../../../../contracts/catalogue/keys';

// GET /api/apps/:slug: one active app; 404 CATALOGUE.APP_NOT_FOUND otherwise.

export function useApp(slug: string) {
  return useSWR<App, ApiError>(appKey(slug), {
    // A missing app stays missing; retrying would only delay the 'App Not Found' screen.
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
