import type { SuggestionInput } from '../../../../../contracts/feedback/forms';
import { apiPost } from '../../../lib/api-client';

// POST /api/suggestions: a tool idea, optionally about one of the fixed categories.
export type SubmitSuggestionInput = SuggestionInput;

export function submitSuggestion(input: SubmitSuggestionInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/suggestions', input);
}
