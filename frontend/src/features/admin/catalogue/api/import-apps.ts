import type { ImportAnswer, ImportRequest } from '../../../../../../contracts/catalogue/import';
import { apiPost } from '../../../../lib/api-client';

// POST /api/admin/apps/import: per-row plan (dryRun) or import; at most 100 rows a request when writing.
export function importApps(request: ImportRequest): Promise<ImportAnswer> {
  return apiPost('/admin/apps/import', request);
}
