import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { Category } from '../../../../../contracts/catalogue/app';
import { categoriesKey } from '../../../../../contracts/catalogue/keys';

// GET /api/categories: every category with its count of active apps.

export function useCategories() {
  return useSWR<Category[], ApiError>(categoriesKey);
}
