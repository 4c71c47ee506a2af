import { toast } from 'sonner';
import { leadExportFileName } from '../../../../../../contracts/early-access/lead-export';
import { fetchLeadExport } from '../api/export-leads';
import { exportedLeadCount } from '../lead-export';

/**
 * Downloads the leads as the server writes them (all of them, or one source page's) and says how many went
 * out ('Export successful!', spec §8). Fetched with the admin's token, then saved under the export's name.
 */
export async function exportLeads(sourcePage: string | null): Promise<void> {
  let blob: Blob;
  try {
    blob = await fetchLeadExport(sourcePage);
  } catch (error) {
    console.error('Failed to export leads', error);
    toast.error('Failed to export leads. Please try again.');
    return;
  }
  const count = exportedLeadCount(await blob.text());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = leadExportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  toast.success('Export successful!', { description: `${count} ${count === 1 ? 'lead' : 'leads'} exported to CSV.` });
}
