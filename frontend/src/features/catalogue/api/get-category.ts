import useSWR from 'swr';
import { ApiError } from '../../../lib/api-client';
import type { CategoryWithApps } from '../../../../../contracts/catalogue/app';
import { categoryKey } from '../../../../../contracts/catalogue/keys';

// GET /api/categories/:slug?page=: the category and a page of its active apps, most viewed first; 404 for an unknown slug.
// null when the server wrote the page knowing there is no such category (the page it sends with HTTP 404).
export function useCategory(slug: string, page = 1) {
  return useSWR<CategoryWithApps | null, ApiError>(categoryKey(slug, page), {
    // A missing category stays missing; retrying would only delay the 'Category Not Found' screen.
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
