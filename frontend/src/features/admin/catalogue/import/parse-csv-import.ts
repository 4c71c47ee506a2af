/**
 * The CSV Import format (admin spec §5), read by a real CSV parser: a quoted cell may hold commas, quotes
 * and line breaks (the spec split on plain commas; we deliberately do better). The header row decides the
 * columns by case-insensitive substrings; data rows with fewer than 4 cells are skipped; empty fields fall
 * back to the spec's defaults. Rows are numbered as a spreadsheet numbers them (the header is row 1), and a
 * skipped row or a missing name says so in the row's notes, for the preview and the report.
 */
import Papa from 'papaparse';
import { ROI_FIGURES, type RoiFigureKey } from '../../../../../../contracts/catalogue/fields';
import { DEFAULT_CATEGORY, importedApp, type ImportedApp, type ParsedRow, type ParseResult } from './imported-app';

export const CSV_INPUT_REQUIRED = { title: 'Input required', description: 'Please enter CSV data to import apps.' };
export const CSV_NOTHING_PARSED = {
  title: 'No apps found',
  description: 'Could not parse any apps from the CSV data. Please check the format.',
};

export const CSV_TOO_FEW_CELLS = 'Fewer than 4 cells.';

export const CSV_FALLBACKS = {
  name: 'Unnamed App',
  description: 'No description provided',
  problem_solved: 'Solves business problems',
  replaces_tools: 'Manual processes',
  category: DEFAULT_CATEGORY,
} as const;

const COLUMN_WORDS = {
  name: ['name', 'title'],
  description: ['description', 'desc'],
  problem_solved: ['problem', 'solve'],
  replaces_tools: ['replace', 'tool'],
  category: ['category', 'cat'],
} as const;
const BENEFIT_WORDS = ['benefit', 'spreadsheet', 'kill', 'advantage'];

/**
 * The ROI figures' columns (beyond the spec's format), matched by their whole header, any case, with spaces or
 * hyphens for underscores: 'ROI faster' is roi_faster. None of them contains another column's word.
 */
export const ROI_COLUMNS: Record<RoiFigureKey, string> = {
  faster_pct: 'roi_faster',
  fewer_errors_pct: 'roi_fewer_errors',
  cost_savings_pct: 'roi_cost_savings',
  roi_pct: 'roi_percent',
  projected_usd: 'roi_projected',
};

export type CsvColumns = { [K in keyof typeof COLUMN_WORDS]: number } & { benefits: number[]; roi: Record<RoiFigureKey, number> };

/** Each field's column: the first header containing one of its words (-1 when none does). */
export function matchColumns(headers: readonly string[]): CsvColumns {
  const lower = headers.map((header) => header.toLowerCase());
  const find = (words: readonly string[]) => lower.findIndex((header) => words.some((word) => header.includes(word)));
  return {
    name: find(COLUMN_WORDS.name),
    description: find(COLUMN_WORDS.description),
    problem_solved: find(COLUMN_WORDS.problem_solved),
    replaces_tools: find(COLUMN_WORDS.replaces_tools),
    category: find(COLUMN_WORDS.category),
    benefits: lower.flatMap((header, i) => (BENEFIT_WORDS.some((word) => header.includes(word)) ? [i] : [])),
    roi: Object.fromEntries(
      ROI_FIGURES.map(({ key }) => [key, lower.findIndex((header) => header.trim().replace(/[\s-]+/g, '_') === ROI_COLUMNS[key])]),
    ) as Record<RoiFigureKey, number>,
  };
}

export function parseCsvImport(text: string): ParseResult {
  if (!text.trim()) return { ok: false, error: CSV_INPUT_REQUIRED };
  // Blank records stay in the parse so that every row keeps the number a spreadsheet gives it.
  const records = Papa.parse<string[]>(text.trim()).data.map((record, i) => ({ row: i + 1, cells: record.map(clean) }));
  const [header, ...data] = records.filter(({ cells }) => cells.some(Boolean));
  if (!header || data.length === 0) return { ok: false, error: CSV_NOTHING_PARSED };
  const columns = matchColumns(header.cells);
  const rows = data.map(({ row, cells }) =>
    cells.length >= 4 ? toRow(row, cells, columns) : { row, app: null, notes: [CSV_TOO_FEW_CELLS] },
  );
  return rows.some((row) => row.app) ? { ok: true, rows } : { ok: false, error: CSV_NOTHING_PARSED };
}

function toRow(row: number, cells: string[], columns: CsvColumns): ParsedRow {
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  const named = cell(columns.name);
  const name = named || cells[0] || CSV_FALLBACKS.name;
  const notes = named || columns.name < 0 ? [] : [nameMissing(name, cells[0])];
  const roi = roiFiguresOf((key) => cell(columns.roi[key]));
  const app: ImportedApp = importedApp({
    name,
    description: cell(columns.description) || CSV_FALLBACKS.description,
    problem_solved: cell(columns.problem_solved) || CSV_FALLBACKS.problem_solved,
    replaces_tools: cell(columns.replaces_tools) || CSV_FALLBACKS.replaces_tools,
    category: cell(columns.category) || CSV_FALLBACKS.category,
    spreadsheet_benefits: columns.benefits.flatMap((index) =>
      cell(index)
        .split(';')
        .map((benefit) => benefit.trim())
        .filter(Boolean),
    ),
  });
  return { row, app: roi ? { ...app, roi_figures: roi } : app, notes };
}

/**
 * The figures a row gives ('45', '45%', '$69,000' are numbers), or none when its ROI cells are all empty. A
 * cell that is not a number is sent as written, and an empty one left out, so the preview shows the server's
 * message for that figure.
 */
function roiFiguresOf(cell: (key: RoiFigureKey) => string): ImportedApp['roi_figures'] {
  const figures = ROI_FIGURES.flatMap(({ key }) => {
    const text = cell(key);
    if (!text) return [];
    const plain = text.replace(/[\s%$,]/g, '');
    return [[key, /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text] as const];
  });
  return figures.length > 0 ? Object.fromEntries(figures) : undefined;
}

/** The spec's fallback for an empty name (the first cell, then 'Unnamed App'), said aloud. */
function nameMissing(name: string, firstCell: string | undefined): string {
  return name === firstCell ? `The name is missing: the first cell "${name}" is used.` : `The name is missing: named "${name}".`;
}

/** Trimmed, and quotes around the whole cell dropped (a cell written `  "x"` reaches us with its quotes). */
function clean(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
}

export const CSV_EXAMPLE = `name,description,problem_solved,replaces_tools,category,spreadsheet_benefits,roi_faster,roi_fewer_errors,roi_cost_savings,roi_percent,roi_projected
Invoice Chaser,Sends polite reminders for unpaid invoices.,Chasing late payments by hand,"Excel, Outlook reminders",Finance,No overdue columns; Reminders go out on their own,38,45,15,280,"$33,000"
Shift Planner,"Builds the weekly rota, from staff availability.",Planning shifts takes hours,"Google Sheets, WhatsApp",HR & Recruiting,Availability in one place,,,,,`;
