/**
 * The ads-campaign CSV for Google Ads Editor (admin spec §9), generated from the active catalogue: one
 * search campaign; per app an ad group, at most 8 keywords and two responsive search ads. Pure: the
 * controller passes the apps and the site's base URL (PUBLIC_BASE_URL), so the output is exact to test
 * (see the golden file). What Ads accepts in each field is in ads-text.ts.
 *
 * The file is read by Ads Editor, not a spreadsheet, so its cells follow Ads' rules rather than the
 * spreadsheet guard of our other CSVs (contracts/csv.ts): Ads Editor takes a leading apostrophe literally
 * (an ad would read "'=Formula Auditor"), so none is written. Ads' own rules already keep nearly every cell
 * from being a formula: keywords start with a letter or digit, paths and URLs are ours, and ad text and ad
 * group names lose a leading = + @ or bullet dash (symbols Ads refuses there). What is left is ad text that
 * starts with a minus and a number ("-20% errors"): Ads reads it as written, so it is written as is, and a
 * spreadsheet opening the file would take that cell for a formula. Only an administrator writes catalogue
 * text; the file is for Ads Editor (docs/architecture.md).
 */
import {
  AD_GROUP_NAME_MAX,
  CAMPAIGN,
  COLUMNS,
  DESCRIPTION_MAX,
  DESCRIPTION_SLOTS,
  HEADLINE_MAX,
  HEADLINE_SLOTS,
  MAX_KEYWORDS_PER_APP,
  PATH_MAX,
  RESPONSIVE_SEARCH_AD,
  SUGGESTED_MAX_CPC_NOTE,
} from '../../../../contracts/catalogue/google-ads.js';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../../shared/csv/csv-stream.js';
import { adsLength, adText, cut, fitGraphemes, headlineText, keywordText, plainText } from './ads-text.js';

export type AdsApp = {
  name: string;
  slug: string;
  description: string;
  category: string;
  problem_solved: string | null;
  replaces_tools: string | null;
};

export type MatchType = 'Exact' | 'Phrase';
export type Keyword = { text: string; match: MatchType };
export type AdsRow = Record<(typeof COLUMNS)[number], string>;

const words = (text: string, count: number) => text.split(' ').filter(Boolean).slice(0, count).join(' ');

/** A text cell within `max` as Ads counts it. */
const fit = (text: string, max: number) => cut(text, max);

/**
 * One ad group per app, named with the app and its category (spec §9). Ads Editor merges ad groups of the
 * same name (it does not tell case apart), so names that meet more than once each get the app's slug,
 * which is unique, within the 255 characters Ads allows.
 */
export function adGroupNames(apps: readonly Pick<AdsApp, 'name' | 'category' | 'slug'>[]): string[] {
  const key = (name: string) => name.normalize('NFC').toLocaleLowerCase('en');
  const bases = apps.map((app) => fitGraphemes(plainText(`${app.name} - ${app.category}`), AD_GROUP_NAME_MAX).trimEnd());
  const seen = new Map<string, number>();
  for (const base of bases) seen.set(key(base), (seen.get(key(base)) ?? 0) + 1);
  const taken = new Set<string>();
  return bases.map((base, i) => {
    const slug = apps[i]!.slug;
    const suffixed = (suffix: string) => `${fitGraphemes(base, AD_GROUP_NAME_MAX - adsLength(` (${suffix})`)).trimEnd()} (${suffix})`;
    let name = seen.get(key(base))! > 1 ? suffixed(slug) : base;
    for (let n = 2; taken.has(key(name)); n++) name = suffixed(`${slug}-${n}`);
    taken.add(key(name));
    return name;
  });
}

/** The spec's keyword list, in its order, lower-cased, in characters Ads accepts, duplicates dropped, at most 8. */
export function keywordsFor(app: AdsApp): Keyword[] {
  const name = keywordText(app.name);
  const problem = words(keywordText(app.problem_solved ?? ''), 3);
  const category = keywordText(app.category);
  const tools = (app.replaces_tools ?? '')
    .split(',')
    .map(keywordText)
    .filter((tool) => tool.length > 3)
    .slice(0, 2);
  const candidates: Keyword[] = [
    ...(name
      ? [
          { text: name, match: 'Exact' as const },
          { text: `${name} ai`, match: 'Phrase' as const },
          { text: `${name} tool`, match: 'Phrase' as const },
        ]
      : []),
    ...(problem
      ? [
          { text: problem, match: 'Phrase' as const },
          { text: `${problem} ai`, match: 'Phrase' as const },
        ]
      : []),
    ...(category ? [{ text: `${category} ai tools`, match: 'Phrase' as const }] : []),
    ...tools.flatMap((tool) => [
      { text: `${tool} alternative`, match: 'Phrase' as const },
      { text: `replace ${tool}`, match: 'Exact' as const },
    ]),
  ];
  const seen = new Set<string>();
  return candidates
    .map((keyword) => ({ ...keyword, text: keywordText(keyword.text) }))
    .filter((keyword) => {
      const key = `${keyword.match}:${keyword.text}`;
      if (!keyword.text || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_KEYWORDS_PER_APP);
}

/** Ads refuses an ad whose headlines (or descriptions) repeat one another. */
function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLocaleLowerCase('en');
    if (!value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The spec's headlines, each within 30 as Ads counts; the remaining slots stay blank. */
export function headlinesFor(app: AdsApp): string[] {
  const used = [
    app.name,
    `${app.category} AI Tool`,
    'Boost Productivity',
    words(headlineText(app.problem_solved ?? ''), 4),
    'AI-Powered Solution',
    'Automate Your Work',
  ].map((headline) => fit(headlineText(headline), HEADLINE_MAX));
  return pad(distinct(used), HEADLINE_SLOTS);
}

/** The description (the problem text instead when the description is over 90), then the workflow line. */
export function descriptionsFor(app: AdsApp): string[] {
  const description = adText(app.description);
  const problem = adText(app.problem_solved ?? '');
  const first = adsLength(description) > DESCRIPTION_MAX && problem ? problem : description;
  const used = [first, adText(`Transform your ${app.category} workflow with AI-powered automation.`)].map((text) =>
    fit(text, DESCRIPTION_MAX),
  );
  return pad(distinct(used), DESCRIPTION_SLOTS);
}

function pad(values: string[], slots: number): string[] {
  return [...values, ...Array<string>(Math.max(0, slots - values.length)).fill('')].slice(0, slots);
}

/** A display-path part: lower-case ASCII words joined by hyphens, at most 15 characters (the Ads limit). */
const pathPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, PATH_MAX)
    .replace(/(?<!-)-+$/, '');

/** Path 2 only with a Path 1 (Ads refuses it alone). */
const paths = (...parts: string[]) => pad(parts.map(pathPart).filter(Boolean), 2);

export type GeneratedAds = { rows: AdsRow[]; adGroups: number; keywords: number; ads: number };

export function generateGoogleAds(apps: readonly AdsApp[], baseUrl: string): GeneratedAds {
  const base = baseUrl.replace(/(?<!\/)\/+$/, '');
  const empty = Object.fromEntries(COLUMNS.map((column) => [column, ''])) as AdsRow;
  const row = (values: Partial<AdsRow>): AdsRow => ({ ...empty, Campaign: CAMPAIGN.name, ...values });
  const rows: AdsRow[] = [row({ 'Campaign Type': CAMPAIGN.type, Budget: CAMPAIGN.dailyBudget, 'Bid Strategy Type': CAMPAIGN.bidStrategy })];
  const names = adGroupNames(apps);
  let keywordCount = 0;
  let adCount = 0;
  apps.forEach((app, i) => {
    const adGroup = names[i]!;
    const finalUrl = `${base}/app/${encodeURIComponent(app.slug)}`;
    const keywords = keywordsFor(app);
    const headlines = headlinesFor(app);
    const descriptions = descriptionsFor(app);
    rows.push(row({ 'Ad Group': adGroup }));
    for (const keyword of keywords) rows.push(row({ 'Ad Group': adGroup, Keyword: keyword.text, 'Criterion Type': keyword.match }));
    // Two ads over the same assets, led differently, so the ads can be compared: the second starts from
    // the problem and the workflow line, and shows the app's own address path.
    const variants = [
      { headlines, descriptions, paths: paths(app.category, 'ai-tool') },
      {
        headlines: pad(rotate(headlines.filter(Boolean), 3), HEADLINE_SLOTS),
        descriptions: pad(descriptions.filter(Boolean).reverse(), DESCRIPTION_SLOTS),
        paths: paths(app.slug, 'try-it'),
      },
    ];
    for (const ad of variants) {
      rows.push(
        row({
          'Ad Group': adGroup,
          'Ad Type': RESPONSIVE_SEARCH_AD,
          ...Object.fromEntries(ad.headlines.map((headline, n) => [`Headline ${n + 1}`, headline])),
          ...Object.fromEntries(ad.descriptions.map((description, n) => [`Description ${n + 1}`, description])),
          'Final URL': finalUrl,
          'Path 1': ad.paths[0]!,
          'Path 2': ad.paths[1]!,
        }),
      );
    }
    keywordCount += keywords.length;
    adCount += variants.length;
  });
  return { rows, adGroups: apps.length, keywords: keywordCount, ads: adCount };
}

function rotate<T>(values: T[], by: number): T[] {
  if (values.length === 0) return values;
  const n = by % values.length;
  return [...values.slice(n), ...values.slice(0, n)];
}

/**
 * The file's text: UTF-8 BOM (Excel and Ads Editor then read accents right), the 30 columns, CRLF records with
 * RFC 4180 quoting (shared/csv), each cell as Ads reads it (no apostrophe: see the top of this file). Then the
 * suggested max CPC, which the spec has written only as a comment and a note, set by hand after the import:
 * a `#` comment line, last, since Ads Editor reads the file's first line as its column headers (Google's
 * "Import a CSV file" guidelines); the page shows the same words as its note.
 */
export function toCsv(rows: readonly AdsRow[]): string {
  const records = stringify([COLUMNS, ...rows.map((row) => COLUMNS.map((column) => row[column]))], CSV_OPTIONS);
  return `\uFEFF${records}${MAX_CPC_COMMENT}\r\n`;
}

/** The comment line (no comma or quote in it, so a CSV reader that skips `#` lines reads it whole). */
export const MAX_CPC_COMMENT = `# ${SUGGESTED_MAX_CPC_NOTE}`;
