import { LEAD_EXPORT_PATH } from '../../../../../../contracts/early-access/lead-export';
import { apiGetBlob } from '../../../../lib/api-client';

/** GET /api/admin/leads/export.csv: the leads as CSV, written by the server; `sourcePage` as the tab's filter. */
export function fetchLeadExport(sourcePage: string | null): Promise<Blob> {
  return apiGetBlob(sourcePage === null ? LEAD_EXPORT_PATH : `${LEAD_EXPORT_PATH}?source_page=${encodeURIComponent(sourcePage)}`);
}
