import useSWR from 'swr';
import { ApiError } from '../../../lib/api-client';
import type { App } from '../../../lib/catalogue-types';

// GET /api/apps/:slug: one active app; 404 CATALOGUE.APP_NOT_FOUND otherwise.
export function appKey(slug: string): string {
  return `/apps/${encodeURIComponent(slug)}`;
}

export function useApp(slug: string) {
  return useSWR<App, ApiError>(appKey(slug), {
    // A missing app stays missing; retrying would only delay the 'App Not Found' screen.
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
