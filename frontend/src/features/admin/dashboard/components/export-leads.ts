import { toast } from 'sonner';
import { leadExportFileName, leadsCsv } from '../lead-export';
import type { Lead } from '../types';

/** Downloads the leads as CSV and says how many went out ('Export successful!', spec §8). */
export function exportLeads(leads: readonly Lead[]): void {
  const blob = new Blob([leadsCsv(leads)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = leadExportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  toast.success('Export successful!', { description: `${leads.length} ${leads.length === 1 ? 'lead' : 'leads'} exported to CSV.` });
}
