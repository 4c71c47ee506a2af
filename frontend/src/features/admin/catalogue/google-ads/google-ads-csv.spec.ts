import { readFileSync, writeFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  COLUMNS,
  csvFileName,
  cut,
  descriptionsFor,
  generateGoogleAds,
  headlinesFor,
  keywordsFor,
  toCsv,
  type AdsApp,
} from './google-ads-csv';

const GOLDEN = new URL('./google-ads-csv.golden.csv', import.meta.url);

/** A fixed catalogue: a plain app, one with long texts, commas and quotes, and one with little data. */
const CATALOGUE: AdsApp[] = [
  {
    name: 'Invoice Chaser',
    slug: 'invoice-chaser',
    description: 'Sends polite reminders for unpaid invoices.',
    category: 'Finance',
    problem_solved: 'Chasing late payments by hand every week',
    replaces_tools: 'Excel, Outlook reminders, Gmail',
  },
  {
    name: 'The "Extraordinarily Thorough" Rota Planner',
    slug: 'rota-planner',
    description:
      'Builds the weekly rota from availability, holidays, skills and labour law, then shares it with everyone, in every language, on every phone.',
    category: 'HR & Recruiting',
    problem_solved: 'Planning shifts, swaps and cover takes hours, every single week',
    replaces_tools: 'Doodle, WhatsApp groups',
  },
  { name: 'Qty', slug: 'qty', description: 'Counts stock.', category: 'Other', problem_solved: null, replaces_tools: 'CSV' },
];
const ORIGIN = 'https://unsheet.app';

describe('Google Ads CSV (admin spec §9)', () => {
  it('matches the golden file for a fixed catalogue', () => {
    const csv = toCsv(generateGoogleAds(CATALOGUE, ORIGIN).rows);
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, csv);
    expect(csv).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('writes a UTF-8 BOM, then the 30 columns as Google Ads Editor names them', () => {
    const csv = toCsv([]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(COLUMNS).toHaveLength(30);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      [
        'Campaign',
        'Campaign Type',
        'Budget',
        'Bid Strategy Type',
        'Ad Group',
        'Keyword',
        'Criterion Type',
        'Ad Type',
        ...Array.from({ length: 15 }, (_, i) => `Headline ${i + 1}`),
        'Description 1',
        'Description 2',
        'Description 3',
        'Description 4',
        'Final URL',
        'Path 1',
        'Path 2',
      ].join(','),
    );
  });

  it('quotes cells holding commas or quotes, and reads back as the same rows', () => {
    const { rows } = generateGoogleAds(CATALOGUE, ORIGIN);
    const csv = toCsv(rows);
    expect(csv).toContain('"The ""Extraordinarily Thorough"" Rota Planner - HR & Recruiting"');
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true }).data;
    expect(parsed).toEqual(rows);
  });

  it('has one search campaign with Maximize clicks and a 50 EUR daily budget, and no max CPC column', () => {
    const { rows } = generateGoogleAds(CATALOGUE, ORIGIN);
    const campaignRows = rows.filter((row) => row['Campaign Type']);
    expect(campaignRows).toEqual([
      expect.objectContaining({ 'Campaign Type': 'Search', Budget: '50.00', 'Bid Strategy Type': 'Maximize clicks' }),
    ]);
    expect(new Set(rows.map((row) => row.Campaign)).size).toBe(1);
    expect(COLUMNS.some((column) => /cpc/i.test(column))).toBe(false);
  });

  it('names an ad group per app with the app name and category, and links the public app page', () => {
    const { adGroups, ads } = generateGoogleAds(CATALOGUE, ORIGIN);
    expect(adGroups.map((group) => [group.name, group.finalUrl, group.ads])).toEqual([
      ['Invoice Chaser - Finance', 'https://unsheet.app/app/invoice-chaser', 2],
      ['The "Extraordinarily Thorough" Rota Planner - HR & Recruiting', 'https://unsheet.app/app/rota-planner', 2],
      ['Qty - Other', 'https://unsheet.app/app/qty', 2],
    ]);
    expect(ads).toBe(6);
  });

  it('makes the spec keywords in order, lower-cased, with their match types, at most 8', () => {
    expect(keywordsFor(CATALOGUE[0]!)).toEqual([
      { text: 'invoice chaser', match: 'Exact' },
      { text: 'invoice chaser ai', match: 'Phrase' },
      { text: 'invoice chaser tool', match: 'Phrase' },
      { text: 'chasing late payments', match: 'Phrase' },
      { text: 'chasing late payments ai', match: 'Phrase' },
      { text: 'finance ai tools', match: 'Phrase' },
      { text: 'excel alternative', match: 'Phrase' },
      { text: 'replace excel', match: 'Exact' },
    ]);
    // No problem text: no problem keywords; tools of 3 characters or fewer give none.
    expect(keywordsFor(CATALOGUE[2]!).map((k) => k.text)).toEqual(['qty', 'qty ai', 'qty tool', 'other ai tools']);
    // The first two tools longer than 3 characters.
    expect(
      keywordsFor({ ...CATALOGUE[2]!, replaces_tools: 'CSV, Notion, Trello, Airtable' })
        .map((k) => k.text)
        .slice(4),
    ).toEqual(['notion alternative', 'replace notion', 'trello alternative', 'replace trello']);
    for (const app of CATALOGUE) expect(keywordsFor(app).length).toBeLessThanOrEqual(8);
    // Symbols Google Ads refuses in keywords (quotes, commas...) become spaces.
    expect(
      keywordsFor(CATALOGUE[1]!)
        .map((k) => k.text)
        .slice(0, 4),
    ).toEqual([
      'the extraordinarily thorough rota planner',
      'the extraordinarily thorough rota planner ai',
      'the extraordinarily thorough rota planner tool',
      'planning shifts swaps',
    ]);
  });

  it('fills 15 headline slots of at most 30 characters: the spec headlines, then blanks', () => {
    expect(headlinesFor(CATALOGUE[0]!)).toEqual([
      'Invoice Chaser',
      'Finance AI Tool',
      'Boost Productivity',
      'Chasing late payments by',
      'AI-Powered Solution',
      'Automate Your Work',
      ...Array(9).fill(''),
    ]);
    const long = headlinesFor(CATALOGUE[1]!);
    expect(long[0]).toBe('The "Extraordinarily Thorou...');
    expect(long[1]).toBe('HR & Recruiting AI Tool');
    for (const headline of long) expect(headline.length).toBeLessThanOrEqual(30);
  });

  it('fills 4 description slots of at most 90 characters, falling back to the problem for a long description', () => {
    expect(descriptionsFor(CATALOGUE[0]!)).toEqual([
      'Sends polite reminders for unpaid invoices.',
      'Transform your Finance workflow with AI-powered automation.',
      '',
      '',
    ]);
    expect(descriptionsFor(CATALOGUE[1]!)[0]).toBe('Planning shifts, swaps and cover takes hours, every single week');
    const bothLong = descriptionsFor({ ...CATALOGUE[1]!, problem_solved: 'x'.repeat(120) })[0]!;
    expect(bothLong).toBe(`${'x'.repeat(87)}...`);
  });

  it('cuts with an ellipsis only when over the limit', () => {
    expect(cut('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(cut('a'.repeat(31), 30)).toBe(`${'a'.repeat(27)}...`);
    expect(cut('b'.repeat(91), 90)).toHaveLength(90);
  });

  it('counts every keyword and ad, and keeps every row at 30 cells', () => {
    const { rows, keywords } = generateGoogleAds(CATALOGUE, ORIGIN);
    expect(keywords).toBe(rows.filter((row) => row.Keyword).length);
    expect(keywords).toBe(8 + 8 + 4);
    expect(rows.filter((row) => row['Ad Type'] === 'Responsive search ad')).toHaveLength(6);
    for (const row of rows) expect(Object.keys(row)).toHaveLength(30);
  });

  it('names the file google_ads_editor_import_{date}.csv', () => {
    expect(csvFileName(new Date('2026-11-22T10:00:00Z'))).toBe('google_ads_editor_import_2026-11-22.csv');
  });
});
