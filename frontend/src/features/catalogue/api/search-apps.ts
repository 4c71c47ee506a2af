import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { searchAppsKey } from '../../../../../contracts/catalogue/keys';

// GET /api/apps/search?q=: case-insensitive on name, description or category.

/** No request for a blank query: the server would answer with the top 12, which the page already shows. */
export function useSearchApps(query: string) {
  const trimmed = query.trim();
  return useSWR<AppSummary[], ApiError>(trimmed ? searchAppsKey(trimmed) : null, {
    // Keeps the last results on screen while the next query loads, instead of flashing an empty list.
    keepPreviousData: true,
  });
}
