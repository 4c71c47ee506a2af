import { canonicalCategory, type RoiFigureKey } from '../../../../../../contracts/catalogue/fields';

/**
 * What an import produces per app: the spec's bulk-add object (§7), before the server adds the slug; and the
 * ROI figures the CSV gives, as read (a cell that is not a number stays text, for the server to name).
 */
export type ImportedApp = {
  name: string;
  description: string;
  problem_solved: string;
  replaces_tools: string;
  category: string;
  spreadsheet_benefits: string[];
  views: number;
  featured: boolean;
  is_active: boolean;
  roi_figures?: Partial<Record<RoiFigureKey, number | string>>;
};

/** A toast's title and description: the spec's messages come in these pairs. */
export type ImportMessage = { title: string; description: string };

/**
 * One row of the admin's input (a CSV row, or an entry of the text), by its number: its app, or null when the
 * parser skips it; `notes` say why it was skipped, or what the parser changed (a missing name).
 */
export type ParsedRow = { row: number; app: ImportedApp | null; notes: string[] };

export type ParseResult = { ok: true; rows: ParsedRow[] } | { ok: false; error: ImportMessage };

/** The apps a parse produced, in order. */
export function parsedApps(rows: readonly ParsedRow[]): ImportedApp[] {
  return rows.flatMap((row) => (row.app ? [row.app] : []));
}

/** The spec's default (§5); stored, like any standard category, in its canonical spelling: Other. */
export const DEFAULT_CATEGORY = 'other';

/**
 * Parsed apps start unviewed, not featured and active (spec §5); the category in the spelling the server
 * stores (canonicalCategory: 'finance' is Finance), so the preview shows what the import will write.
 */
export function importedApp(fields: Omit<ImportedApp, 'views' | 'featured' | 'is_active'>): ImportedApp {
  return { ...fields, category: canonicalCategory(fields.category), views: 0, featured: false, is_active: true };
}
