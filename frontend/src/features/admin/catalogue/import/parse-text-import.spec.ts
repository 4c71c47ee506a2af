import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsedApps } from './imported-app';
import { parseTextImport, TEXT_EXAMPLE, TEXT_INPUT_REQUIRED, TEXT_NOTHING_PARSED, TEXT_TOO_FEW_LINES } from './parse-text-import';

const apps = (text: string) => {
  const result = parseTextImport(text);
  if (!result.ok) throw new Error(result.error.description);
  return parsedApps(result.rows);
};

describe('text import (admin spec §5)', () => {
  it('refuses empty or blank text with the spec message', () => {
    for (const text of ['', '   ', '\n\n\t\n']) {
      expect(parseTextImport(text)).toEqual({ ok: false, error: TEXT_INPUT_REQUIRED });
    }
    expect(TEXT_INPUT_REQUIRED).toEqual({ title: 'Input required', description: 'Please enter some text to import apps.' });
  });

  it('reads name, description, problem, tools, category and benefits in that order', () => {
    expect(apps('Rota Robot\nPlans shifts.\nRotas take hours\nExcel, WhatsApp\nHR & Recruiting\nOne place\nNo copy-paste')).toEqual([
      {
        name: 'Rota Robot',
        description: 'Plans shifts.',
        problem_solved: 'Rotas take hours',
        replaces_tools: 'Excel, WhatsApp',
        category: 'HR & Recruiting',
        spreadsheet_benefits: ['One place', 'No copy-paste'],
        views: 0,
        featured: false,
        is_active: true,
      },
    ]);
  });

  it("defaults the category to the spec's 'other', in its canonical spelling Other, and the benefits to none when an entry has 4 lines", () => {
    expect(apps('A\nB\nC\nD')).toEqual([expect.objectContaining({ name: 'A', category: 'Other', spreadsheet_benefits: [] })]);
    // A standard category in any case is the one category.
    expect(apps('A\nB\nC\nD\nfinance')).toEqual([expect.objectContaining({ category: 'Finance' })]);
  });

  it('separates entries by blank lines (also lines of spaces, and Windows line ends)', () => {
    const text = 'A\nd\np\nt\n\nB\nd\np\nt\n   \nC\nd\np\nt\r\n\r\nD\r\nd\r\np\r\nt';
    expect(apps(text).map((app) => app.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('skips entries of fewer than 4 non-empty lines, numbering entries from 1 and saying why for the row', () => {
    expect(apps('Too short\nonly\nthree\n\nGood\nd\np\nt').map((app) => app.name)).toEqual(['Good']);
    expect(parseTextImport('Too short\nonly\nthree\n\n\n\nGood\nd\np\nt')).toMatchObject({
      ok: true,
      rows: [
        { row: 1, app: null, notes: [TEXT_TOO_FEW_LINES] },
        { row: 2, app: { name: 'Good' }, notes: [] },
      ],
    });
    expect(TEXT_TOO_FEW_LINES).toBe('Fewer than 4 lines.');
  });

  it('trims lines and ignores lines of only spaces inside an entry', () => {
    expect(apps('  Name  \n  desc \n\tproblem\n tools ')[0]).toMatchObject({
      name: 'Name',
      description: 'desc',
      problem_solved: 'problem',
      replaces_tools: 'tools',
    });
  });

  it.each([
    ['1. Invoice Chaser', 'Invoice Chaser'],
    ['12) Invoice Chaser', 'Invoice Chaser'],
    ['3.Invoice Chaser', 'Invoice Chaser'],
    ['- Invoice Chaser', 'Invoice Chaser'],
    ['* Invoice Chaser', 'Invoice Chaser'],
    ['• Invoice Chaser', 'Invoice Chaser'],
    ['2024 Planner', '2024 Planner'],
    ['3D Printer Queue', '3D Printer Queue'],
  ])('strips a leading number or bullet marker from the name: %s', (line, name) => {
    expect(apps(`${line}\nd\np\nt`)[0]!.name).toBe(name);
  });

  it('says no apps were found when no entry has 4 lines', () => {
    expect(parseTextImport('just\na few\nlines')).toEqual({ ok: false, error: TEXT_NOTHING_PARSED });
    expect(TEXT_NOTHING_PARSED).toEqual({
      title: 'No apps found',
      description: 'Could not parse any apps from the provided text. Please check the format.',
    });
  });

  it('parses its own example', () => {
    expect(apps(TEXT_EXAMPLE).map((app) => [app.name, app.category, app.spreadsheet_benefits.length])).toEqual([
      ['Invoice Chaser', 'Finance', 2],
      ['Shift Planner', 'HR & Recruiting', 1],
    ]);
  });
});

describe('text import properties', () => {
  const line = fc
    .string({ minLength: 1, maxLength: 40 })
    .map((s) => s.replace(/[\r\n]/g, ' ').trim())
    .filter((s) => s.length > 0 && !/^(\d+[.)]|[-*•–]\s)/.test(s));
  const entry = fc.record({
    name: line,
    description: line,
    problem_solved: line,
    replaces_tools: line,
    category: line,
    spreadsheet_benefits: fc.array(line, { maxLength: 4 }),
  });

  it('reads back every entry written in the format', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const text = entries
          .map((e) => [e.name, e.description, e.problem_solved, e.replaces_tools, e.category, ...e.spreadsheet_benefits].join('\n'))
          .join('\n\n');
        expect(apps(text)).toEqual(entries.map((e) => ({ ...e, views: 0, featured: false, is_active: true })));
      }),
    );
  });

  it('never throws, and every app it returns has the four required fields filled', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const result = parseTextImport(text);
        if (result.ok) {
          for (const app of parsedApps(result.rows)) {
            expect([app.name, app.description, app.problem_solved, app.replaces_tools, app.category].every((v) => v.trim() !== '')).toBe(
              true,
            );
          }
        } else {
          expect([TEXT_INPUT_REQUIRED, TEXT_NOTHING_PARSED]).toContain(result.error);
        }
      }),
    );
  });
});
