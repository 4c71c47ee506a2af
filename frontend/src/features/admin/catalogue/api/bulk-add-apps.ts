import { apiPost } from '../../../../lib/api-client';
import type { ImportedApp } from '../import/imported-app';

// POST /api/admin/apps/bulk: at most 50 apps a request, all of them or none.
export function bulkAddApps(apps: ImportedApp[]): Promise<{ added: number; apps: { id: string; slug: string }[] }> {
  return apiPost('/admin/apps/bulk', { apps });
}
