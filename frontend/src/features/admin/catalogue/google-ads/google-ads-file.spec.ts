import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summariseAdsCsv } from './google-ads-file';

/** The server's golden file (backend/src/catalogue/google-ads): the page's summary reads what the server writes. */
const GOLDEN = readFileSync(
  new URL('../../../../../../backend/src/catalogue/google-ads/google-ads-csv.golden.csv', import.meta.url),
  'utf8',
);

describe('the summary of the Google Ads file', () => {
  it('counts the ad groups in order, their keywords and ads, the rows and columns', () => {
    const summary = summariseAdsCsv(GOLDEN);
    expect(summary.columns).toBe(30);
    // The header and the closing comment line (the suggested max CPC) are not rows.
    expect(GOLDEN.trim().split('\r\n').at(-1)).toBe('# Suggested max CPC: €2.50. Set it manually after the import.');
    expect(summary.rows).toBe(GOLDEN.trim().split('\r\n').length - 2);
    expect(summary.adGroups.map((group) => group.name)).toEqual([
      'Invoice Chaser - Finance (invoice-chaser)',
      'Invoice Chaser - Finance (invoice-chaser-eu)',
      'Ultra Long Report Builder Pro - Reporting',
      'Formula Finder - @Spreadsheets',
      '請求書リマインダー自動化ツールプロ版 - Finance',
      'The "Extraordinarily Thorough" Rota Planner - HR & Recruiting',
      'Qty - Other',
    ]);
    expect(summary.adGroups[0]).toEqual({ name: 'Invoice Chaser - Finance (invoice-chaser)', keywords: 8, ads: 2 });
    expect(summary.adGroups.at(-1)).toEqual({ name: 'Qty - Other', keywords: 4, ads: 2 });
    expect(summary.keywords).toBe(GOLDEN.split('\r\n').filter((line) => /,(Exact|Phrase),/.test(line)).length);
    expect(summary.ads).toBe(14);
  });

  it('reads a file with its BOM, and an empty catalogue as the campaign alone', () => {
    const header = GOLDEN.split('\r\n')[0]!;
    const campaign = GOLDEN.split('\r\n')[1]!;
    expect(summariseAdsCsv(`${header}\r\n${campaign}`)).toEqual({ rows: 1, columns: 30, adGroups: [], keywords: 0, ads: 0 });
  });
});
