import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { leadExportFileName, leadsCsv } from './lead-export';

const lead = (email: string, source_page: string | null, created_at = '2026-11-20T09:30:05.123Z') => ({
  id: email,
  email,
  source_page,
  created_at,
});

describe('leadsCsv', () => {
  it('writes the header Email, Source Page, Date and one CRLF row per lead', () => {
    const csv = leadsCsv([lead('ada@example.com', '/c/finance'), lead('bob@example.com', null, '2026-01-02T00:00:00.000Z')]);
    expect(csv).toBe(
      'Email,Source Page,Date\r\nada@example.com,/c/finance,2026-11-20 09:30:05\r\nbob@example.com,,2026-01-02 00:00:00\r\n',
    );
  });

  it('quotes cells with commas, quotes and line breaks (RFC 4180), so a CSV parser reads them back', () => {
    const tricky = lead('a@b.co', '/search?q=a,b "c"\nd');
    const csv = leadsCsv([tricky]);
    expect(csv).toContain('"/search?q=a,b ""c""\nd"');
    expect(parse(csv, { columns: true })).toEqual([
      { Email: 'a@b.co', 'Source Page': '/search?q=a,b "c"\nd', Date: '2026-11-20 09:30:05' },
    ]);
  });

  it.each(['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises a cell a spreadsheet would run as a formula: %j',
    (page) => {
      const [row] = parse(leadsCsv([lead('a@b.co', page)]), { columns: true, relax_quotes: true }) as Record<string, string>[];
      expect(row!['Source Page']).toBe(`'${page}`);
    },
  );

  it('leaves ordinary cells alone and writes only the header for no leads', () => {
    expect(leadsCsv([lead('x-y@example.com', '/about')])).toContain('x-y@example.com,/about,');
    expect(leadsCsv([])).toBe('Email,Source Page,Date\r\n');
  });
});

describe('leadExportFileName', () => {
  it('names the file with the product and the date', () => {
    expect(leadExportFileName(new Date('2026-11-22T23:59:00Z'))).toBe('unsheet-leads-2026-11-22.csv');
  });
});
