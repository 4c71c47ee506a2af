import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/utils';
import type { SuggestionPage } from '../types';

// GET /api/admin/suggestions: a page of suggestions, newest first, with the total.
export const suggestionsKey = (page: number) => withQuery('/admin/suggestions', { page: page > 1 ? page : undefined });

export function useSuggestions(page: number) {
  return useSWR<SuggestionPage, ApiError>(suggestionsKey(page), { keepPreviousData: true });
}
