import { apiPost } from '../../../lib/api-client';
import type { SuggestionCategory } from '../../../../../contracts/feedback/fields';

// POST /api/suggestions: a tool idea, optionally about one of the fixed categories.
export interface SubmitSuggestionInput {
  email: string;
  suggestion_text: string;
  category: SuggestionCategory | null;
  /** The path the visitor suggested from. */
  source_page: string;
  /** The search with no result the visitor suggested this from. */
  search_id?: string;
  /** The honeypot, only when a bot filled it (components/ui/honeypot.tsx). */
  website?: string;
}

export function submitSuggestion(input: SubmitSuggestionInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/suggestions', input);
}
