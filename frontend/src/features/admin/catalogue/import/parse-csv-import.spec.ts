import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parsedApps } from './imported-app';
import {
  CSV_EXAMPLE,
  CSV_FALLBACKS,
  CSV_TOO_FEW_CELLS,
  CSV_INPUT_REQUIRED,
  CSV_NOTHING_PARSED,
  matchColumns,
  parseCsvImport,
} from './parse-csv-import';

const apps = (text: string) => {
  const result = parseCsvImport(text);
  if (!result.ok) throw new Error(result.error.description);
  return parsedApps(result.rows);
};

describe('CSV import (admin spec §5)', () => {
  it('refuses empty input with the spec message', () => {
    expect(parseCsvImport('  \n ')).toEqual({ ok: false, error: CSV_INPUT_REQUIRED });
    expect(CSV_INPUT_REQUIRED.description).toBe('Please enter CSV data to import apps.');
  });

  it('needs a header row and at least one data row', () => {
    expect(parseCsvImport('name,description,problem,tools')).toEqual({ ok: false, error: CSV_NOTHING_PARSED });
    expect(CSV_NOTHING_PARSED.description).toBe('Could not parse any apps from the CSV data. Please check the format.');
  });

  it('reads every field by its header', () => {
    expect(apps('name,description,problem_solved,replaces_tools,category,spreadsheet_benefits\nA,B,C,D,Finance,x; y ;;z')).toEqual([
      {
        name: 'A',
        description: 'B',
        problem_solved: 'C',
        replaces_tools: 'D',
        category: 'Finance',
        spreadsheet_benefits: ['x', 'y', 'z'],
        views: 0,
        featured: false,
        is_active: true,
      },
    ]);
  });

  it('reads the ROI figures from their own columns: numbers as numbers, anything else as written, none when all are empty', () => {
    const header = 'name,description,problem,tools,ROI faster,roi_fewer_errors,roi-cost-savings,Roi_Percent,roi_projected';
    const [given, partial, none] = apps(`${header}\nA,B,C,D,45%,30,25,40,"$69,000"\nE,F,G,H,12,,,about 40,\nI,J,K,L,,,,,`);
    expect(given!.roi_figures).toEqual({ faster_pct: 45, fewer_errors_pct: 30, cost_savings_pct: 25, roi_pct: 40, projected_usd: 69000 });
    expect(partial!.roi_figures).toEqual({ faster_pct: 12, roi_pct: 'about 40' });
    expect(none).not.toHaveProperty('roi_figures');
    // Their headers hold none of the other columns' words.
    expect(matchColumns(header.split(','))).toMatchObject({
      name: 0,
      description: 1,
      problem_solved: 2,
      replaces_tools: 3,
      category: -1,
      benefits: [],
    });
  });

  it('reads the example it offers, ROI figures included', () => {
    expect(apps(CSV_EXAMPLE).map((app) => app.roi_figures)).toEqual([
      { faster_pct: 38, fewer_errors_pct: 45, cost_savings_pct: 15, roi_pct: 280, projected_usd: 33000 },
      undefined,
    ]);
  });

  it('matches headers by substring, case-insensitively, in any order', () => {
    expect(matchColumns(['Category', 'TOOLS Replaced', 'What it Solves', 'App Title', 'Short Desc'])).toMatchObject({
      name: 3,
      description: 4,
      problem_solved: 2,
      replaces_tools: 1,
      category: 0,
      benefits: [],
    });
    expect(matchColumns(['Name', 'Description', 'Problem', 'Replace', 'Cat'])).toMatchObject({
      name: 0,
      description: 1,
      problem_solved: 2,
      replaces_tools: 3,
      category: 4,
    });
  });

  it('takes every header with benefit, spreadsheet, kill or advantage as a benefit column, split on semicolons', () => {
    const csv = 'name,description,problem,tools,Benefits,Spreadsheet pain,Sheet Killer,ADVANTAGES\nA,d,p,t,b1;b2,s1,k1; k2,a1';
    expect(matchColumns(csv.split('\n')[0]!.split(',')).benefits).toEqual([4, 5, 6, 7]);
    expect(apps(csv)[0]!.spreadsheet_benefits).toEqual(['b1', 'b2', 's1', 'k1', 'k2', 'a1']);
  });

  it('skips rows with fewer than 4 cells, and says so for the row', () => {
    expect(apps('name,description,problem,tools\nShort,row,only\nLong,d,p,t').map((app) => app.name)).toEqual(['Long']);
    expect(parseCsvImport('name,description,problem,tools\nShort,row,only\nLong,d,p,t')).toMatchObject({
      ok: true,
      rows: [
        { row: 2, app: null, notes: [CSV_TOO_FEW_CELLS] },
        { row: 3, app: { name: 'Long' }, notes: [] },
      ],
    });
    expect(CSV_TOO_FEW_CELLS).toBe('Fewer than 4 cells.');
  });

  it('numbers rows as a spreadsheet does: the header is row 1, blank lines and quoted line breaks count once', () => {
    const result = parseCsvImport('name,description,problem,tools\nA,d,p,t\n\nB,"two\nlines",p,t\nC,d,p,t');
    expect(result.ok && result.rows.map((row) => [row.row, row.app?.name])).toEqual([
      [2, 'A'],
      [4, 'B'],
      [5, 'C'],
    ]);
  });

  it('says when a row has no name, and which name the fallback gave it', () => {
    const result = parseCsvImport('id,name,description,problem,tools\n7,,d,p,t\n,,d,p,t\n8,Named,d,p,t');
    expect(result.ok && result.rows.map((row) => [row.app?.name, row.notes])).toEqual([
      ['7', ['The name is missing: the first cell "7" is used.']],
      ['Unnamed App', ['The name is missing: named "Unnamed App".']],
      ['Named', []],
    ]);
    // Without a name column the first cell is the name (spec): nothing is missing.
    expect(parseCsvImport('a,b,c,d\nFirst,x,y,z')).toMatchObject({ ok: true, rows: [{ notes: [] }] });
  });

  it('honours quoted commas, quotes and line breaks (a deliberate improvement over plain-comma splitting)', () => {
    const csv = 'name,description,problem,tools\n"Chaser, Inc.","Says ""hello""\non two lines",p,"Excel, Outlook"';
    expect(apps(csv)[0]).toMatchObject({
      name: 'Chaser, Inc.',
      description: 'Says "hello"\non two lines',
      replaces_tools: 'Excel, Outlook',
    });
  });

  it('strips surrounding quotes and spaces from cells', () => {
    expect(apps('name,description,problem,tools\n  "Spaced"  , "d" ,p,t')[0]).toMatchObject({ name: 'Spaced', description: 'd' });
  });

  it('falls back for every missing field', () => {
    expect(CSV_FALLBACKS).toEqual({
      name: 'Unnamed App',
      description: 'No description provided',
      problem_solved: 'Solves business problems',
      replaces_tools: 'Manual processes',
      category: 'other',
    });
    // No matching headers at all: the name is the first cell; everything else falls back.
    // The category's fallback is the spec's 'other', in its canonical spelling.
    expect(apps('a,b,c,d\nFirst,x,y,z')[0]).toEqual(
      expect.objectContaining({ ...CSV_FALLBACKS, category: 'Other', name: 'First', spreadsheet_benefits: [] }),
    );
    // Matching headers with empty cells: the name falls back to the first cell, then to 'Unnamed App'.
    expect(apps('id,name,description,problem,tools,category\n7,,,,,')[0]).toMatchObject({ ...CSV_FALLBACKS, category: 'Other', name: '7' });
    expect(apps('name,description,problem,tools,notes\n,,,,see later')[0]).toMatchObject({ ...CSV_FALLBACKS, category: 'Other' });
    // A row of only empty cells is a blank line.
    expect(parseCsvImport('name,description,problem,tools\n,,,')).toEqual({ ok: false, error: CSV_NOTHING_PARSED });
  });

  it('ignores blank lines', () => {
    expect(apps('name,description,problem,tools\n\nA,d,p,t\n   \n\nB,d,p,t\n').map((app) => app.name)).toEqual(['A', 'B']);
  });

  it('says no apps were found when every row is too short', () => {
    expect(parseCsvImport('name,description\nA,B\nC,D')).toEqual({ ok: false, error: CSV_NOTHING_PARSED });
  });

  it('parses its own example, quoted commas included', () => {
    expect(apps(CSV_EXAMPLE).map((app) => [app.name, app.replaces_tools, app.spreadsheet_benefits])).toEqual([
      ['Invoice Chaser', 'Excel, Outlook reminders', ['No overdue columns', 'Reminders go out on their own']],
      ['Shift Planner', 'Google Sheets, WhatsApp', ['Availability in one place']],
    ]);
  });
});

describe('CSV import properties', () => {
  // Any text a cell may hold, quotes, commas and line breaks included, without surrounding blanks or quotes
  // (which the import trims by design) and without semicolons (which split benefits).
  const cell = fc
    .string({ minLength: 1, maxLength: 30, unit: fc.constantFrom('a', 'Z', '7', ' ', ',', '"', '\n', 'é', '€', '&') })
    .map((s) =>
      s
        .trim()
        .replace(/^"+|"+$/g, '')
        .trim(),
    )
    .filter((s) => s.length > 0);
  const row = fc.record({ name: cell, description: cell, problem_solved: cell, replaces_tools: cell, category: cell, benefit: cell });

  it('reads back any cells written by a CSV writer', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = Papa.unparse({
          fields: ['name', 'description', 'problem_solved', 'replaces_tools', 'category', 'spreadsheet_benefits'],
          data: rows.map((r) => [r.name, r.description, r.problem_solved, r.replaces_tools, r.category, r.benefit]),
        });
        expect(apps(csv)).toEqual(
          rows.map(({ benefit, ...r }) => ({ ...r, spreadsheet_benefits: [benefit], views: 0, featured: false, is_active: true })),
        );
      }),
    );
  });

  it('never throws, and never returns an app with an empty field', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = parseCsvImport(`name,description,problem,tools\n${text}`);
        if (result.ok) {
          for (const app of parsedApps(result.rows)) {
            expect([app.name, app.description, app.problem_solved, app.replaces_tools, app.category].every((v) => v !== '')).toBe(true);
          }
        } else {
          expect(result.error).toBe(CSV_NOTHING_PARSED);
        }
      }),
    );
  });
});
