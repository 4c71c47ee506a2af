/**
 * The lead export (admin spec §9): GET /api/admin/leads/export.csv writes it, the Leads tab's Export CSV
 * and the Overview's Export Leads download it. Columns Email, Source Page, Date, newest first; the file is
 * named with the product and the day (UTC). `source_page` filters as the tab's filter does: a lead without a
 * source page is listed under NO_SOURCE_PAGE.
 */
import { z } from 'zod';

export const LEAD_EXPORT_PATH = '/admin/leads/export.csv';
export const LEAD_EXPORT_COLUMNS = ['Email', 'Source Page', 'Date'] as const;
/** The filter's option for leads with no source page. */
export const NO_SOURCE_PAGE = '(none)';

export const leadExportQuery = z.object({
  source_page: z.string().max(2048).optional().describe(`Only leads from this source page ('${NO_SOURCE_PAGE}': leads without one)`),
});
export type LeadExportFilter = z.output<typeof leadExportQuery>;

/** 'unsheet-leads-2026-11-22.csv'. */
export function leadExportFileName(now: Date): string {
  return `unsheet-leads-${now.toISOString().slice(0, 10)}.csv`;
}

/** The Date column: ISO date and time in UTC to the second ('2026-11-20 09:30:05'): sorts as text, every spreadsheet reads it. */
export function leadExportDate(createdAt: Date): string {
  return createdAt.toISOString().replace('T', ' ').slice(0, 19);
}
