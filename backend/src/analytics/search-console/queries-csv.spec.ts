import { describe, expect, it } from 'vitest';
import { CsvFormatError, parseQueriesCsv } from './queries-csv.js';

describe('parseQueriesCsv (Search Console "Queries" export)', () => {
  it('reads the export, quoted queries and a byte-order mark included', () => {
    const csv =
      '\uFEFFTop queries,Clicks,Impressions,CTR,Position\r\n' +
      'spreadsheet alternative,12,340,3.53%,7.2\r\n' +
      '"invoice, reminder tool",3,"1,200",0.25%,14.8\r\n' +
      '"the ""best"" ai tool",0,5,0%,31\r\n';
    expect(parseQueriesCsv(csv)).toEqual([
      { query: 'spreadsheet alternative', clicks: 12, impressions: 340, position: 7.2 },
      { query: 'invoice, reminder tool', clicks: 3, impressions: 1200, position: 14.8 },
      { query: 'the "best" ai tool', clicks: 0, impressions: 5, position: 31 },
    ]);
  });

  it('matches columns by name, in any order', () => {
    expect(parseQueriesCsv('Position,Query,Impressions,Clicks\n2.5,rota planner,10,1\n')).toEqual([
      { query: 'rota planner', clicks: 1, impressions: 10, position: 2.5 },
    ]);
  });

  it.each([
    ['', 'The file has no rows.'],
    ['Page,Clicks\n/,1\n', 'Expected the columns Top queries, Clicks, Impressions and Position (a Search Console Queries export).'],
    ['Top queries,Clicks,Impressions,Position\nx,many,1,1\n', 'Row 2: Clicks is not a whole number.'],
    ['Top queries,Clicks,Impressions,Position\nx,1,1,first\n', 'Row 2: Position is not a number.'],
    ['Top queries,Clicks,Impressions,Position\n"unclosed,1,1,1\n', 'Not a CSV file'],
  ])('refuses %j', (csv, message) => {
    expect(() => parseQueriesCsv(csv)).toThrow(CsvFormatError);
    expect(() => parseQueriesCsv(csv)).toThrow(message);
  });
});
