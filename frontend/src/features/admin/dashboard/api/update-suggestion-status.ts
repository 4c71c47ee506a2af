import { apiSend } from '../../../../lib/api-client';
import type { SuggestionStatus } from '../types';

// PATCH /api/admin/suggestions/:id { status }
export function updateSuggestionStatus(id: string, status: SuggestionStatus): Promise<{ id: string; status: SuggestionStatus }> {
  return apiSend('PATCH', `/admin/suggestions/${encodeURIComponent(id)}`, { status });
}
