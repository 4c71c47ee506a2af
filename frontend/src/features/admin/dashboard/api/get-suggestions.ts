import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { Suggestion } from '../types';

// GET /api/admin/suggestions: every suggestion, newest first.
export const suggestionsKey = '/admin/suggestions';

export function useSuggestions() {
  return useSWR<Suggestion[], ApiError>(suggestionsKey);
}
