/**
 * The Google Ads Editor file as the server makes it (GET /api/admin/apps/google-ads.csv): the server owns the
 * catalogue and the site's address (PUBLIC_BASE_URL), so the page only fetches the file, shows what it holds
 * and saves it byte for byte (BOM included).
 */
import Papa from 'papaparse';
import { GOOGLE_ADS_CSV_PATH, RESPONSIVE_SEARCH_AD } from '../../../../../../contracts/catalogue/google-ads';
import { apiGetBlob } from '../../../../lib/api-client';

export type AdsSummary = {
  rows: number;
  columns: number;
  adGroups: { name: string; keywords: number; ads: number }[];
  keywords: number;
  ads: number;
};

export type GoogleAdsFile = { blob: Blob; summary: AdsSummary };

/** What the file holds, read back with a CSV parser: its ad groups in order, their keywords and ads. */
export function summariseAdsCsv(text: string): AdsSummary {
  // The last line is a `#` comment (the suggested max CPC), not a row.
  const { data, meta } = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    comments: '#',
  });
  const groups = new Map<string, { name: string; keywords: number; ads: number }>();
  for (const row of data) {
    const name = row['Ad Group'];
    if (!name) continue;
    const group = groups.get(name) ?? { name, keywords: 0, ads: 0 };
    if (row.Keyword) group.keywords += 1;
    if (row['Ad Type'] === RESPONSIVE_SEARCH_AD) group.ads += 1;
    groups.set(name, group);
  }
  const adGroups = [...groups.values()];
  return {
    rows: data.length,
    columns: meta.fields?.length ?? 0,
    adGroups,
    keywords: adGroups.reduce((sum, group) => sum + group.keywords, 0),
    ads: adGroups.reduce((sum, group) => sum + group.ads, 0),
  };
}

export async function fetchGoogleAdsFile(): Promise<GoogleAdsFile> {
  const blob = await apiGetBlob(GOOGLE_ADS_CSV_PATH);
  return { blob, summary: summariseAdsCsv(await blob.text()) };
}
