/**
 * The Text Import format (admin spec §5): entries separated by blank lines; in each, the non-empty lines
 * are name, description, problem solved, replaced tools, an optional category, then the spreadsheet
 * benefits. Entries are numbered from 1; one with fewer than 4 lines is skipped, and its row says so (the
 * spec skips it silently; the preview and the report name it, so that nothing is lost unseen).
 */
import { DEFAULT_CATEGORY, importedApp, type ParsedRow, type ParseResult } from './imported-app';

export const TEXT_INPUT_REQUIRED = { title: 'Input required', description: 'Please enter some text to import apps.' };
export const TEXT_NOTHING_PARSED = {
  title: 'No apps found',
  description: 'Could not parse any apps from the provided text. Please check the format.',
};

export const TEXT_TOO_FEW_LINES = 'Fewer than 4 lines.';

/** "1. ", "12) ", "- ", "* ", "• " before a name: list markers people paste, not part of the name. */
const LIST_MARKER = /^(?:\d+[.)]\s*|[-*•–]\s+)/;

export function parseTextImport(text: string): ParseResult {
  if (!text.trim()) return { ok: false, error: TEXT_INPUT_REQUIRED };
  const rows = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((entry) =>
      entry
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines, i) => parseEntry(i + 1, lines));
  return rows.some((row) => row.app) ? { ok: true, rows } : { ok: false, error: TEXT_NOTHING_PARSED };
}

function parseEntry(row: number, lines: string[]): ParsedRow {
  if (lines.length < 4) return { row, app: null, notes: [TEXT_TOO_FEW_LINES] };
  const [first, description, problem, tools, category, ...benefits] = lines as [string, string, string, string, ...string[]];
  const name = first.replace(LIST_MARKER, '').trim() || first;
  const app = importedApp({
    name,
    description,
    problem_solved: problem,
    replaces_tools: tools,
    category: category ?? DEFAULT_CATEGORY,
    spreadsheet_benefits: benefits,
  });
  return { row, app, notes: [] };
}

export const TEXT_EXAMPLE = `1. Invoice Chaser
Sends polite reminders for unpaid invoices until they are paid.
Chasing late payments by hand every week
Excel, Outlook reminders
Finance
No more colour-coded overdue columns
Reminders go out on their own

2. Shift Planner
Builds the weekly rota from staff availability.
Planning shifts takes hours every week
Google Sheets, WhatsApp
HR & Recruiting
Availability collected in one place`;
