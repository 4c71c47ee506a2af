/**
 * The ads-campaign CSV for Google Ads Editor (admin spec §9), generated from the active catalogue: one
 * search campaign; per app an ad group, at most 8 keywords and two responsive search ads. Pure: the page
 * passes the apps, the site's origin and the date, so the output is exact to test (see the golden file).
 *
 * The suggested max CPC (2.50 EUR) is deliberately not a column: the spec has it set by hand after the
 * import, so it is only stated in a note on the page (SUGGESTED_MAX_CPC_NOTE).
 */
import Papa from 'papaparse';

export type AdsApp = {
  name: string;
  slug: string;
  description: string;
  category: string;
  problem_solved: string | null;
  replaces_tools: string | null;
};

export const CAMPAIGN = {
  name: 'Unsheet - AI Tools - Search',
  type: 'Search',
  dailyBudget: '50.00',
  bidStrategy: 'Maximize clicks',
} as const;
export const SUGGESTED_MAX_CPC_NOTE = 'Suggested max CPC: €2.50. Set it manually after the import.';

export const MAX_KEYWORDS_PER_APP = 8;
export const HEADLINE_SLOTS = 15;
export const DESCRIPTION_SLOTS = 4;
export const HEADLINE_MAX = 30;
export const DESCRIPTION_MAX = 90;
const PATH_MAX = 15;

export const COLUMNS = [
  'Campaign',
  'Campaign Type',
  'Budget',
  'Bid Strategy Type',
  'Ad Group',
  'Keyword',
  'Criterion Type',
  'Ad Type',
  ...Array.from({ length: HEADLINE_SLOTS }, (_, i) => `Headline ${i + 1}`),
  ...Array.from({ length: DESCRIPTION_SLOTS }, (_, i) => `Description ${i + 1}`),
  'Final URL',
  'Path 1',
  'Path 2',
] as const;

export type MatchType = 'Exact' | 'Phrase';
export type Keyword = { text: string; match: MatchType };
export type AdsRow = Record<(typeof COLUMNS)[number], string>;

export type GeneratedAds = {
  rows: AdsRow[];
  adGroups: { name: string; keywords: number; ads: number; finalUrl: string }[];
  keywords: number;
  ads: number;
};

/** Cut to `max` characters, the last three an ellipsis (spec: descriptions cut to 87 plus an ellipsis). */
export function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 3).trimEnd()}...`;
}

const words = (text: string | null, count: number) => (text ?? '').trim().split(/\s+/).filter(Boolean).slice(0, count).join(' ');

export function adGroupName(app: Pick<AdsApp, 'name' | 'category'>): string {
  return `${app.name} - ${app.category}`;
}

/** Google Ads refuses these symbols in keyword text (and reads quotes and brackets as match types). */
const keywordText = (text: string) =>
  text
    .toLowerCase()
    .replace(/["!@%,*()=[\]{}<>;:?|~^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The spec's keyword list, in its order, lower-cased, duplicates dropped, at most 8. */
export function keywordsFor(app: AdsApp): Keyword[] {
  const name = keywordText(app.name);
  const problem = keywordText(words(app.problem_solved, 3));
  const tools = (app.replaces_tools ?? '')
    .split(',')
    .map(keywordText)
    .filter((tool) => tool.length > 3)
    .slice(0, 2);
  const candidates: Keyword[] = [
    { text: name, match: 'Exact' },
    { text: `${name} ai`, match: 'Phrase' },
    { text: `${name} tool`, match: 'Phrase' },
    ...(problem
      ? [
          { text: problem, match: 'Phrase' as const },
          { text: `${problem} ai`, match: 'Phrase' as const },
        ]
      : []),
    { text: `${keywordText(app.category)} ai tools`, match: 'Phrase' },
    ...tools.flatMap((tool) => [
      { text: `${tool} alternative`, match: 'Phrase' as const },
      { text: `replace ${tool}`, match: 'Exact' as const },
    ]),
  ];
  const seen = new Set<string>();
  return candidates
    .filter((keyword) => {
      const key = `${keyword.match}:${keyword.text}`;
      if (!keyword.text || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_KEYWORDS_PER_APP);
}

/** The spec's headlines, each cut to 30 characters; the remaining slots stay blank. */
export function headlinesFor(app: AdsApp): string[] {
  const used = [
    app.name,
    `${app.category} AI Tool`,
    'Boost Productivity',
    words(app.problem_solved, 4),
    'AI-Powered Solution',
    'Automate Your Work',
  ]
    .map((headline) => cut(headline, HEADLINE_MAX))
    .filter(Boolean);
  return pad(used, HEADLINE_SLOTS);
}

/** The description (the problem text instead when the description is over 90 characters), then the workflow line. */
export function descriptionsFor(app: AdsApp): string[] {
  const first = app.description.trim().length > DESCRIPTION_MAX && app.problem_solved?.trim() ? app.problem_solved : app.description;
  const used = [first, `Transform your ${app.category} workflow with AI-powered automation.`]
    .map((description) => cut(description, DESCRIPTION_MAX))
    .filter(Boolean);
  return pad(used, DESCRIPTION_SLOTS);
}

function pad(values: string[], slots: number): string[] {
  return [...values, ...Array<string>(Math.max(0, slots - values.length)).fill('')].slice(0, slots);
}

/** A display-path part: lower-case words joined by hyphens, at most 15 characters (the Ads limit). */
const pathPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, PATH_MAX)
    .replace(/-+$/, '');

export function generateGoogleAds(apps: readonly AdsApp[], origin: string): GeneratedAds {
  const empty = Object.fromEntries(COLUMNS.map((column) => [column, ''])) as AdsRow;
  const row = (values: Partial<AdsRow>): AdsRow => ({ ...empty, Campaign: CAMPAIGN.name, ...values });
  const rows: AdsRow[] = [row({ 'Campaign Type': CAMPAIGN.type, Budget: CAMPAIGN.dailyBudget, 'Bid Strategy Type': CAMPAIGN.bidStrategy })];
  const adGroups: GeneratedAds['adGroups'] = [];
  let keywordCount = 0;
  for (const app of apps) {
    const adGroup = adGroupName(app);
    const finalUrl = `${origin}/app/${encodeURIComponent(app.slug)}`;
    const keywords = keywordsFor(app);
    const headlines = headlinesFor(app);
    const descriptions = descriptionsFor(app);
    rows.push(row({ 'Ad Group': adGroup }));
    for (const keyword of keywords) rows.push(row({ 'Ad Group': adGroup, Keyword: keyword.text, 'Criterion Type': keyword.match }));
    // Two ads over the same assets, led differently, so the ads can be compared: the second starts from
    // the problem and the workflow line, and shows the app's own address path.
    const variants = [
      { headlines, descriptions, paths: [pathPart(app.category), 'ai-tool'] },
      {
        headlines: pad([...rotate(headlines.filter(Boolean), 3)], HEADLINE_SLOTS),
        descriptions: pad([...descriptions.filter(Boolean)].reverse(), DESCRIPTION_SLOTS),
        paths: [pathPart(app.slug), 'try-it'],
      },
    ];
    for (const ad of variants) {
      rows.push(
        row({
          'Ad Group': adGroup,
          'Ad Type': 'Responsive search ad',
          ...Object.fromEntries(ad.headlines.map((headline, i) => [`Headline ${i + 1}`, headline])),
          ...Object.fromEntries(ad.descriptions.map((description, i) => [`Description ${i + 1}`, description])),
          'Final URL': finalUrl,
          'Path 1': ad.paths[0] ?? '',
          'Path 2': ad.paths[1] ?? '',
        }),
      );
    }
    keywordCount += keywords.length;
    adGroups.push({ name: adGroup, keywords: keywords.length, ads: variants.length, finalUrl });
  }
  return { rows, adGroups, keywords: keywordCount, ads: adGroups.length * 2 };
}

function rotate<T>(values: T[], by: number): T[] {
  if (values.length === 0) return values;
  const n = by % values.length;
  return [...values.slice(n), ...values.slice(0, n)];
}

/** The file's text: UTF-8 BOM (Excel and Ads Editor then read accents right), the 30 columns, RFC 4180 quoting. */
export function toCsv(rows: readonly AdsRow[]): string {
  return `\uFEFF${Papa.unparse({ fields: [...COLUMNS], data: rows.map((row) => COLUMNS.map((column) => row[column])) })}`;
}

export function csvFileName(date: Date): string {
  return `google_ads_editor_import_${date.toISOString().slice(0, 10)}.csv`;
}
