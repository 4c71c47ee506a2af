/**
 * The Google Ads Editor file (admin spec §9): the API writes it (GET GOOGLE_ADS_CSV_PATH, admin only) and the
 * page states what it holds, so both read the campaign, the columns and the limits from here.
 */
export const GOOGLE_ADS_CSV_PATH = '/admin/apps/google-ads.csv';

export const CAMPAIGN = {
  name: 'Unsheet - AI Tools - Search',
  type: 'Search',
  dailyBudget: '50.00',
  bidStrategy: 'Maximize clicks',
} as const;
/** The spec has the max CPC set by hand after the import, so it is a note on the page, not a column. */
export const SUGGESTED_MAX_CPC_NOTE = 'Suggested max CPC: €2.50. Set it manually after the import.';

export const MAX_KEYWORDS_PER_APP = 8;
export const HEADLINE_SLOTS = 15;
export const DESCRIPTION_SLOTS = 4;
/** Google Ads' limits, counted as Ads counts them: a double-width (CJK) character counts 2. */
export const HEADLINE_MAX = 30;
export const DESCRIPTION_MAX = 90;
export const PATH_MAX = 15;
export const AD_GROUP_NAME_MAX = 255;

/** The 30 columns, in order, as Ads Editor names them (HEADLINE_SLOTS headlines, DESCRIPTION_SLOTS descriptions). */
export const COLUMNS = [
  'Campaign',
  'Campaign Type',
  'Budget',
  'Bid Strategy Type',
  'Ad Group',
  'Keyword',
  'Criterion Type',
  'Ad Type',
  'Headline 1',
  'Headline 2',
  'Headline 3',
  'Headline 4',
  'Headline 5',
  'Headline 6',
  'Headline 7',
  'Headline 8',
  'Headline 9',
  'Headline 10',
  'Headline 11',
  'Headline 12',
  'Headline 13',
  'Headline 14',
  'Headline 15',
  'Description 1',
  'Description 2',
  'Description 3',
  'Description 4',
  'Final URL',
  'Path 1',
  'Path 2',
] as const;

export const RESPONSIVE_SEARCH_AD = 'Responsive search ad';

export function googleAdsCsvFileName(date: Date): string {
  return `google_ads_editor_import_${date.toISOString().slice(0, 10)}.csv`;
}
