/**
 * The lead export (spec §9): columns Email, Source Page, Date, in a file named with the product name and
 * the date. Written by csv-stringify's browser build (RFC 4180 quoting, CRLF rows) rather than joined with
 * plain commas as the spec has it, and a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a
 * quote: a visitor's e-mail or source page must not become a formula in the admin's spreadsheet.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { Lead } from './types';

export const PRODUCT_NAME = 'Unsheet';

export function leadsCsv(leads: readonly Pick<Lead, 'email' | 'source_page' | 'created_at'>[]): string {
  return stringify(
    leads.map((lead) => [lead.email, lead.source_page ?? '', exportDate(lead.created_at)]),
    { header: true, columns: ['Email', 'Source Page', 'Date'], escape_formulas: true, record_delimiter: 'windows' },
  );
}

/** 'unsheet-leads-2026-11-22.csv': the product name and the day of the export. */
export function leadExportFileName(now: Date): string {
  return `${PRODUCT_NAME.toLowerCase()}-leads-${now.toISOString().slice(0, 10)}.csv`;
}

/** ISO date-time in UTC: sorts as text and every spreadsheet reads it. */
function exportDate(createdAt: string): string {
  return new Date(createdAt).toISOString().replace('T', ' ').slice(0, 19);
}
