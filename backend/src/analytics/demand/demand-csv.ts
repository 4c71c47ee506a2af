import type { DemandReport } from '../../../../contracts/analytics/demand.js';
import type { CsvCell } from '../../shared/csv/csv-stream.js';

export const DEMAND_CSV_HEADER = [
  'Rank',
  'Need',
  'Status',
  'App',
  'Searches',
  'Zero-result searches',
  'Suggestions',
  'Visitors',
  'Previous period',
  'Change %',
  'Categories',
  'Sample wordings',
] as const;

/** One record per unmet need, in the tab's order. */
export function demandCsvRows(report: DemandReport): CsvCell[][] {
  return report.needs.map((need, index) => [
    String(index + 1),
    need.label,
    need.status,
    need.appSlug,
    String(need.searches),
    String(need.zeroResultSearches),
    String(need.suggestions),
    String(need.visitors),
    String(need.previous),
    need.change === null ? null : String(need.change),
    need.categories.map((c) => `${c.name} (${c.count})`).join('; '),
    need.samples.map((s) => s.wording).join('; '),
  ]);
}
