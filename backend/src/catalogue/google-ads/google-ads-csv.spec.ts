import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { COLUMNS, SUGGESTED_MAX_CPC_NOTE } from '../../../../contracts/catalogue/google-ads.js';
import { startsFormula } from '../../../../contracts/csv.js';
import { adsLength, adText, cut, graphemes, headlineText, keywordText } from './ads-text.js';
import { adGroupNames, descriptionsFor, generateGoogleAds, headlinesFor, keywordsFor, toCsv, type AdsApp } from './google-ads-csv.js';

const GOLDEN = new URL('./google-ads-csv.golden.csv', import.meta.url);
const BASE = 'https://unsheet.app';

/**
 * A fixed catalogue with every case an administrator met: two apps of the same name and category, an emoji
 * where the old 30-character cut fell, emoji in a name, description and tools, a name starting with =,
 * a CJK name (double width), a long description, quotes and commas, and an app with little data.
 */
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
    name: 'Invoice Chaser',
    slug: 'invoice-chaser-eu',
    description: 'Reminders for unpaid invoices 💸💸, in 12 languages!!',
    category: 'Finance',
    problem_solved: 'Chasing payments abroad',
    replaces_tools: 'Excel 📊, Xero',
  },
  {
    // The old cut (27 UTF-16 units) fell inside the emoji: "Ultra Long Report Builder \ud83d...".
    name: 'Ultra Long Report Builder 👩🏽‍💻 Pro',
    slug: 'ultra-long-report-builder',
    description: '🚀 Builds ★ board reports ✓ from your sheets.',
    category: 'Reporting',
    problem_solved: 'Monthly reports take 🕐 days',
    replaces_tools: 'PowerPoint 🎞️, Power BI',
  },
  {
    name: '=Formula Finder',
    slug: 'formula-finder',
    description: '+Finds the =SUM() that broke, and who changed it.',
    category: '@Spreadsheets',
    problem_solved: '-Broken formulas nobody can trace',
    replaces_tools: '=HYPERLINK("http://x"), Formulas',
  },
  {
    name: '請求書リマインダー自動化ツールプロ版',
    slug: 'seikyusho-reminder',
    description: '未払いの請求書を自動で催促します。',
    category: 'Finance',
    problem_solved: '請求書の催促に時間がかかる',
    replaces_tools: 'エクセル',
  },
  {
    name: 'The "Extraordinarily Thorough" Rota Planner',
    slug: 'rota-planner',
    description:
      'Builds the weekly rota from availability, holidays, skills and labour law, then shares it with everyone, in every language, on every phone.',
    category: 'HR & Recruiting',
    problem_solved:
      'Planning shifts, swaps and cover takes hours, every single week, for every team, in every shop, in every town, and nobody is ever happy.',
    replaces_tools: 'Doodle, WhatsApp groups',
  },
  { name: 'Qty', slug: 'qty', description: 'Counts stock.', category: 'Other', problem_solved: null, replaces_tools: 'CSV' },
];

const csv = toCsv(generateGoogleAds(CATALOGUE, BASE).rows);
/** The file as Ads Editor reads it: a real CSV parser, header row as keys. */
const parsed: Record<(typeof COLUMNS)[number], string>[] = parse(csv, {
  bom: true,
  columns: true,
  relax_column_count: false,
  comment: '#',
});
const ads = parsed.filter((row) => row['Ad Type']);
const headlineCells = ads.flatMap((row) => COLUMNS.filter((c) => c.startsWith('Headline')).map((c) => row[c])).filter(Boolean);
const descriptionCells = ads.flatMap((row) => COLUMNS.filter((c) => c.startsWith('Description')).map((c) => row[c])).filter(Boolean);
const keywordCells = parsed.map((row) => row.Keyword).filter(Boolean);
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f/u;

describe('Google Ads Editor CSV (admin spec §9), on a fixed catalogue', () => {
  it('matches the golden file', () => {
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, csv);
    expect(csv).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('writes a UTF-8 BOM, the 30 columns as Ads Editor names them, and 30 cells on every row', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(COLUMNS.join(','));
    expect(COLUMNS).toHaveLength(30);
    const rows: string[][] = parse(csv, { bom: true, comment: '#' });
    for (const row of rows) expect(row).toHaveLength(30);
  });

  it('writes the suggested max CPC only as a comment line after the records (Ads Editor reads the first line as the header)', () => {
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toBe(`# ${SUGGESTED_MAX_CPC_NOTE}`);
    expect(SUGGESTED_MAX_CPC_NOTE).toBe('Suggested max CPC: €2.50. Set it manually after the import.');
    // Only there: no column or cell holds a max CPC.
    expect(lines.filter((line) => /cpc/i.test(line))).toHaveLength(1);
  });

  it("writes an admin's = + @ text as Ads reads it, with no apostrophe, and no cell a spreadsheet runs as a formula", () => {
    // Ads Editor takes an apostrophe literally: none is added, to any cell.
    expect(csv).not.toMatch(/(^|,)"?'/m);
    for (const row of parsed) for (const cell of Object.values(row)) expect(startsFormula(cell), cell).toBe(false);
    const formulaFinder = parsed.filter((row) => row['Ad Group'].includes('Formula Finder'));
    // A leading = + @ is a symbol Ads refuses where it stands for nothing: the text is the admin's, less it.
    expect(formulaFinder[0]!['Ad Group']).toBe('Formula Finder - @Spreadsheets');
    const ad = formulaFinder.find((row) => row['Ad Type'])!;
    expect(ad['Headline 1']).toBe('Formula Finder');
    expect(ad['Headline 2']).toBe('Spreadsheets AI Tool');
    expect(ad['Headline 4']).toBe('Broken formulas nobody can');
    expect(ad['Description 1']).toBe('Finds the =SUM() that broke, and who changed it.');
    expect(ad['Description 2']).toBe('Transform your @Spreadsheets workflow with AI-powered automation.');
    expect(formulaFinder.map((row) => row.Keyword).filter(Boolean)).toEqual([
      'formula finder',
      'formula finder ai',
      'formula finder tool',
      'broken formulas nobody',
      'broken formulas nobody ai',
      'spreadsheets ai tools',
      'hyperlink http x alternative',
      'replace hyperlink http x',
    ]);
  });

  it('breaks no character: no replacement character, no lone surrogate, no emoji left', () => {
    for (const row of parsed) {
      for (const cell of Object.values(row)) {
        expect(cell).not.toMatch(/[\ufffd\p{Cs}]/u);
        expect(cell, cell).not.toMatch(EMOJI);
      }
    }
    const ultra = ads.find((row) => row['Ad Group'].startsWith('Ultra'))!;
    expect(ultra['Headline 1']).toBe('Ultra Long Report Builder Pro');
    expect(ultra['Description 1']).toBe('Builds board reports from your sheets.');
    expect(ultra['Headline 4']).toBe('Monthly reports take days');
  });

  it('strips emoji and the characters Ads refuses from keywords, headlines and descriptions, collapsing spaces', () => {
    for (const keyword of keywordCells) {
      expect(keyword).not.toMatch(/[,!@%^*()={};~`<>?\\|"[\]]|\s{2}|^\s|\s$/);
      expect(keyword).toBe(keyword.toLowerCase());
    }
    for (const text of [...headlineCells, ...descriptionCells])
      expect(text.replace(/\.\.\.$/, '')).not.toMatch(/\s{2}|^\s|\s$|[★✓]|([!?.,])\1/);
    for (const headline of headlineCells) expect(headline).not.toContain('!');
    const eu = parsed.filter((row) => row['Ad Group'].includes('invoice-chaser-eu'));
    expect(eu.find((row) => row['Ad Type'])!['Description 1']).toBe('Reminders for unpaid invoices, in 12 languages!');
    expect(eu.map((row) => row.Keyword)).toContain('excel alternative');
  });

  it('gives two apps of the same name and category ad groups of their own, with their slugs', () => {
    const groups = parsed.filter((row) => !row.Keyword && !row['Ad Type'] && row['Ad Group']).map((row) => row['Ad Group']);
    expect(groups).toHaveLength(CATALOGUE.length);
    expect(new Set(groups.map((group) => group.toLowerCase())).size).toBe(groups.length);
    expect(groups.slice(0, 2)).toEqual(['Invoice Chaser - Finance (invoice-chaser)', 'Invoice Chaser - Finance (invoice-chaser-eu)']);
    expect(groups).toContain('Qty - Other');
  });

  it('keeps headlines within 30 and descriptions within 90 as Ads counts them (a CJK character counts 2)', () => {
    for (const headline of headlineCells) expect(adsLength(headline), headline).toBeLessThanOrEqual(30);
    for (const description of descriptionCells) expect(adsLength(description), description).toBeLessThanOrEqual(90);
    const cjk = ads.find((row) => row['Ad Group'].startsWith('請求書'))!;
    // 17 wide characters are 34: cut to 13 of them (26) and the ellipsis.
    expect(cjk['Headline 1']).toBe('請求書リマインダー自動化ツ...');
    expect(adsLength(cjk['Headline 1'])).toBe(29);
    const rota = ads.find((row) => row['Ad Group'].startsWith('The'))!;
    expect(rota['Headline 1']).toBe('The "Extraordinarily Thorou...');
    // Description and problem both over 90: the problem, cut to 87 and an ellipsis.
    expect(rota['Description 1']).toHaveLength(90);
    expect(rota['Description 1']).toMatch(/^Planning shifts, swaps and cover takes hours.*\.\.\.$/);
  });

  it('links every ad to the app page on the configured base URL', () => {
    for (const ad of ads) expect(ad['Final URL']).toMatch(/^https:\/\/unsheet\.app\/app\/[a-z0-9-]+$/);
    expect(ads.map((ad) => ad['Final URL'])).toContain('https://unsheet.app/app/invoice-chaser-eu');
    expect(generateGoogleAds(CATALOGUE.slice(0, 1), 'https://example.org/').rows[2]).toBeDefined();
    const trailing = generateGoogleAds(CATALOGUE.slice(0, 1), 'https://example.org/').rows.find((row) => row['Final URL']);
    expect(trailing!['Final URL']).toBe('https://example.org/app/invoice-chaser');
  });

  it('has one search campaign with Maximize clicks and a 50 EUR daily budget, two ads per app, and counts them', () => {
    const generated = generateGoogleAds(CATALOGUE, BASE);
    expect(parsed.filter((row) => row['Campaign Type'])).toEqual([
      expect.objectContaining({ 'Campaign Type': 'Search', Budget: '50.00', 'Bid Strategy Type': 'Maximize clicks' }),
    ]);
    expect(new Set(parsed.map((row) => row.Campaign)).size).toBe(1);
    expect(COLUMNS.some((column) => /cpc/i.test(column))).toBe(false);
    expect(ads).toHaveLength(CATALOGUE.length * 2);
    expect(generated.ads).toBe(ads.length);
    expect(generated.keywords).toBe(keywordCells.length);
    expect(generated.adGroups).toBe(CATALOGUE.length);
  });

  it('sets Path 2 only with a Path 1, each at most 15 characters', () => {
    for (const ad of ads) {
      if (ad['Path 2']) expect(ad['Path 1']).not.toBe('');
      expect(ad['Path 1'].length).toBeLessThanOrEqual(15);
    }
    const cjk = ads.find((row) => row['Ad Group'].startsWith('請求書'))!;
    expect([cjk['Path 1'], cjk['Path 2']]).toEqual(['finance', 'ai-tool']);
  });
});

describe('the spec rules, one app at a time', () => {
  const [invoice, , , , , rota, qty] = CATALOGUE as [AdsApp, AdsApp, AdsApp, AdsApp, AdsApp, AdsApp, AdsApp];

  it('makes the spec keywords in order, lower-cased, with their match types, at most 8', () => {
    expect(keywordsFor(invoice)).toEqual([
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
    expect(keywordsFor(qty).map((k) => k.text)).toEqual(['qty', 'qty ai', 'qty tool', 'other ai tools']);
    expect(
      keywordsFor({ ...qty, replaces_tools: 'CSV, Notion, Trello, Airtable' })
        .map((k) => k.text)
        .slice(4),
    ).toEqual(['notion alternative', 'replace notion', 'trello alternative', 'replace trello']);
    expect(keywordsFor(rota)[0]).toEqual({ text: 'the extraordinarily thorough rota planner', match: 'Exact' });
    // A name of emoji only gives no name keywords, never a bare " ai".
    expect(keywordsFor({ ...qty, name: '🚀✨' }).map((k) => k.text)).toEqual(['other ai tools']);
  });

  it('fills 15 headline slots: the spec headlines, then blanks; 4 description slots likewise', () => {
    expect(headlinesFor(invoice)).toEqual([
      'Invoice Chaser',
      'Finance AI Tool',
      'Boost Productivity',
      'Chasing late payments by',
      'AI-Powered Solution',
      'Automate Your Work',
      ...Array(9).fill(''),
    ]);
    expect(descriptionsFor(invoice)).toEqual([
      'Sends polite reminders for unpaid invoices.',
      'Transform your Finance workflow with AI-powered automation.',
      '',
      '',
    ]);
    expect(descriptionsFor({ ...rota, problem_solved: 'x'.repeat(120) })[0]).toBe(`${'x'.repeat(87)}...`);
  });

  it('names ad groups apart whatever the case, and within 255 characters', () => {
    const long = 'L'.repeat(300);
    const names = adGroupNames([
      { name: 'Tally', category: 'Sales', slug: 'tally' },
      { name: 'TALLY', category: 'sales', slug: 'tally-2' },
      { name: long, category: 'X', slug: 'long-a' },
      { name: long, category: 'X', slug: 'long-b' },
    ]);
    expect(names.slice(0, 2)).toEqual(['Tally - Sales (tally)', 'TALLY - sales (tally-2)']);
    expect(names[2]).toMatch(/^L+ \(long-a\)$/);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(255);
  });
});

describe('text as Ads takes it', () => {
  it('drops a leading = + @ (and a dash used as a bullet) from ad text, keeps a minus before a number, adds no apostrophe', () => {
    expect(headlineText('=Formula Auditor')).toBe('Formula Auditor');
    expect(headlinesFor({ ...CATALOGUE[0]!, name: '=Formula Auditor' })[0]).toBe('Formula Auditor');
    expect(adText('+Plus  @mentions and = signs inside stay')).toBe('Plus @mentions and = signs inside stay');
    expect(adText('@Team rota')).toBe('Team rota');
    expect(adText('- Fast invoices')).toBe('Fast invoices');
    expect(adText(' =+@ Layered')).toBe('Layered');
    // Ads reads a minus before a number as what it is (a discount): it stays, though a spreadsheet would take
    // the cell for a formula (the file is for Ads Editor; see google-ads-csv.ts).
    expect(adText('-20% fewer errors')).toBe('-20% fewer errors');
    expect(adGroupNames([{ name: '=Formula Auditor', category: 'Finance', slug: 'formula-auditor' }])).toEqual([
      'Formula Auditor - Finance',
    ]);
  });

  it('counts double-width characters 2 and every other grapheme 1', () => {
    expect(adsLength('Invoice')).toBe(7);
    expect(adsLength('請求書')).toBe(6);
    expect(adsLength('한국어')).toBe(6);
    expect(adsLength('Ｆｕｌｌ')).toBe(8);
    expect(adsLength('Café')).toBe(4);
    expect(adsLength('Cafe\u0301')).toBe(4);
  });

  it('cuts whole graphemes only, the ellipsis within the limit', () => {
    // The emoji where the cut falls is left out whole, never halved.
    expect(cut('Ultra Long Report Builder 👩🏽‍💻 Pro', 30)).toBe('Ultra Long Report Builder...');
    expect(cut('Ultra Long Report Builder 🇵🇹 Pro', 30)).toBe('Ultra Long Report Builder 🇵🇹...');
    expect(cut(`${'a'.repeat(26)}e\u0301wxyz`, 30)).toBe(`${'a'.repeat(26)}e\u0301...`);
    for (const text of ['Ultra Long Report Builder 👩🏽‍💻 Pro', '請求書リマインダー自動化ツールプロ版', `${'a'.repeat(26)}e\u0301wxyz`]) {
      const kept = cut(text, 30).replace(/\.\.\.$/, '');
      expect(graphemes(text).join('').startsWith(kept)).toBe(true);
      expect(graphemes(kept).every((g, i) => g === graphemes(text)[i])).toBe(true);
    }
    expect(cut('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(cut('a'.repeat(31), 30)).toBe(`${'a'.repeat(27)}...`);
  });

  it('drops emoji, stray symbols and repeated punctuation from ad text, and ! from headlines', () => {
    expect(adText('Fast 🚀 reports ✓ for teams 👩‍👩‍👧!!')).toBe('Fast reports for teams!');
    expect(adText('Save 20% — €5/month, 24/7')).toBe('Save 20% — €5/month, 24/7');
    expect(adText('*Best* • tool\u200b\u0007 ever')).toBe('Best tool ever');
    expect(headlineText('Try it now!')).toBe('Try it now');
  });

  it('keeps in keywords only what Ads accepts', () => {
    expect(keywordText('Excel 📊 (2019), Pro!')).toBe('excel 2019 pro');
    expect(keywordText('-negative +broad @handle %off *star')).toBe('negative broad handle off star');
    expect(keywordText("R&D tracker's t-shirt v2.0")).toBe("r&d tracker's t-shirt v2.0");
    expect(keywordText('請求書 リマインダー')).toBe('請求書 リマインダー');
    expect(keywordText(Array(12).fill('word').join(' ')).split(' ')).toHaveLength(10);
  });
});
