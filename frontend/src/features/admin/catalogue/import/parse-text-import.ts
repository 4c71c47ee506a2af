/**
 * The Text Import format (admin spec §5): entries separated by blank lines; in each, the non-empty lines
 * are name, description, problem solved, replaced tools, an optional category, then the spreadsheet
 * benefits. Entries with fewer than 4 lines are skipped without a word, as the spec says.
 */
import { DEFAULT_CATEGORY, importedApp, type ImportedApp, type ParseResult } from './imported-app';

export const TEXT_INPUT_REQUIRED = { title: 'Input required', description: 'Please enter some text to import apps.' };
export const TEXT_NOTHING_PARSED = {
  title: 'No apps found',
  description: 'Could not parse any apps from the provided text. Please check the format.',
};

/** "1. ", "12) ", "- ", "* ", "• " before a name: list markers people paste, not part of the name. */
const LIST_MARKER = /^(?:\d+[.)]\s*|[-*•–]\s+)/;

export function parseTextImport(text: string): ParseResult {
  if (!text.trim()) return { ok: false, error: TEXT_INPUT_REQUIRED };
  const apps = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map(parseEntry)
    .filter((app): app is ImportedApp => app !== null);
  return apps.length > 0 ? { ok: true, apps } : { ok: false, error: TEXT_NOTHING_PARSED };
}

function parseEntry(entry: string): ImportedApp | null {
  const lines = entry
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length < 4) return null;
  const [first, description, problem, tools, category, ...benefits] = lines as [string, string, string, string, ...string[]];
  const name = first.replace(LIST_MARKER, '').trim() || first;
  return importedApp({
    name,
    description,
    problem_solved: problem,
    replaces_tools: tools,
    category: category ?? DEFAULT_CATEGORY,
    spreadsheet_benefits: benefits,
  });
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
