import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { Category } from '../../../lib/catalogue-types';

// GET /api/categories: every category with its count of active apps.
export const categoriesKey = '/categories';

export function useCategories() {
  return useSWR<Category[], ApiError>(categoriesKey);
}
