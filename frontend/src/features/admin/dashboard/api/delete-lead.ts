import { apiSend } from '../../../../lib/api-client';

// DELETE /api/admin/leads/:id
export function deleteLead(id: string): Promise<void> {
  return apiSend('DELETE', `/admin/leads/${encodeURIComponent(id)}`);
}
