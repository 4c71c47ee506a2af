/**
 * The Google Ads CSV page in Chromium against the built server, whose PUBLIC_BASE_URL is not the address the
 * console is opened at: the administrator generates the file (made by the server from the active apps), reads
 * the summary, and downloads a file Ads Editor takes as it is, its final URLs on the configured address.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startsFormula } from '../../contracts/csv.js';
import { SCREENSHOTS_DIR, loaded, useSite, visit } from './browser.js';

const PUBLIC_BASE_URL = 'https://unsheet.example';
const site = useSite({ PUBLIC_BASE_URL });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function signInAsAdmin(page: Page): Promise<void> {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', 'ads@example.com', '--password', 'ads-secret'], { env });
  await visit(page, `${site.url}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill('ads@example.com');
  await page.getByLabel('Password', { exact: true }).fill('ads-secret');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}/admin/dashboard`);
}

describe('Google Ads CSV page', () => {
  it('generates the file on the server, shows its summary, and downloads it as the server made it', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    await signInAsAdmin(page);

    await visit(page, `${site.url}/admin/apps/google-ads-csv`);
    const active = ((await (await fetch(`${site.url}/api/apps`)).json()) as { total: number }).total;
    await expect.poll(() => page.getByTestId('counter-Total Apps').innerText()).toBe(String(active));
    const downloadButton = page.getByRole('button', { name: 'Download CSV (UTF-8 BOM)' });
    expect(await downloadButton.isDisabled()).toBe(true);

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/apps/google-ads.csv')),
      page.getByRole('button', { name: 'Generate CSV Data' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const generated = await toastText(page, 'Generated CSV');
    expect(generated).toMatch(new RegExp(`^Generated CSV with \\d+ keywords and ${active * 2} ads for ${active} apps$`));
    const keywords = generated.match(/with (\d+) keywords/)![1]!;
    expect(await page.getByTestId('counter-Keywords').innerText()).toBe(keywords);
    expect(await page.getByTestId('counter-Ad Groups').innerText()).toBe(String(active));
    const summary = (await page.getByTestId('ads-summary').innerText()).split('\n').map((line) => line.trim());
    expect(summary).toEqual([
      '1 campaign: Unsheet - AI Tools - Search (Search, Maximize clicks, €50.00 daily budget)',
      `${active} ad groups, one per app`,
      `${keywords} keywords`,
      `${active * 2} responsive search ads`,
      expect.stringMatching(/^\d+ rows of 30 columns$/),
    ]);
    await page.getByTestId('ads-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-google-ads-1280.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(`google_ads_editor_import_${new Date().toISOString().slice(0, 10)}.csv`);
    expect(await toastText(page, 'CSV file downloaded')).toBe('CSV file downloaded successfully with UTF-8 BOM encoding');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    // The suggested max CPC: a comment line, last (Ads Editor reads the first line as the column headers).
    expect(text.trimEnd().split('\r\n').at(-1)).toBe('# Suggested max CPC: €2.50. Set it manually after the import.');
    const { data: rows } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, comments: '#' });
    expect(Object.keys(rows[0]!)).toHaveLength(30);
    const ads = rows.filter((row) => row['Ad Type'] === 'Responsive search ad');
    expect(ads).toHaveLength(active * 2);
    // The configured address, not the one the console was opened at.
    for (const ad of ads) expect(ad['Final URL']).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/app/[a-z0-9-]+$`));
    const groups = rows.filter((row) => row['Ad Group'] && !row.Keyword && !row['Ad Type']).map((row) => row['Ad Group']!.toLowerCase());
    expect(new Set(groups).size).toBe(active);
    for (const row of rows) for (const cell of Object.values(row)) expect(startsFormula(cell)).toBe(false);

    // Phone width: the page fits, the summary included.
    await page.setViewportSize(PHONE);
    await loaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-google-ads-390.png`, fullPage: true });
    await context.close();
  });
});
