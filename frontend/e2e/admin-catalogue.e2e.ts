/**
 * The admin's catalogue in Chromium against the built server: an administrator creates and edits an app
 * (every field the form has), deactivates and reactivates it, saves its App Links settings, imports apps
 * from text and from CSV (after seeing the preview with each row's fate and reason, updating an existing app
 * at the admin's choice, and reading the per-row report), and downloads the Google Ads Editor CSV. Each change
 * is checked where a visitor would see it: the public API.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, followRequests, loaded, useSite, visit } from './browser.js';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function publicApp(slug: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${site.url}/api/apps/${slug}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-catalogue-${name}.png`, fullPage: true });
}

async function signInAsAdmin(page: Page, email = 'catalogue@example.com'): Promise<void> {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', email, '--password', 'catalogue-secret'], {
    env,
  });
  await visit(page, `${site.url}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('catalogue-secret');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}/admin/dashboard`);
}

describe('the admin catalogue in Chromium', () => {
  it('creates, edits, deactivates and links an app; imports text and CSV; downloads the ads CSV', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const requests = followRequests(page);
    await signInAsAdmin(page);

    // Manage Apps: the header's buttons and the real list.
    await visit(page, `${site.url}/admin/apps`);
    await page.getByRole('heading', { name: 'Manage Apps' }).waitFor();
    for (const name of ['Back to dashboard', 'Import Apps', 'Add Single App', 'Generate Google Ads CSV']) {
      expect(await page.getByRole('link', { name }).count(), name).toBe(1);
    }
    await page.getByRole('row').nth(1).waitFor();
    const demoApps = ((await (await fetch(`${site.url}/api/apps`)).json()) as { total: number }).total;
    expect(await page.getByRole('row').count()).toBe(demoApps + 1);
    // The server pages, searches and counts the list.
    const pager = page.getByRole('navigation', { name: 'Apps pages' });
    expect(await pager.innerText()).toContain(`Showing 1–${demoApps} of ${demoApps}`);
    const firstName = await page.getByRole('row').nth(1).getByRole('link').first().innerText();
    await page.getByLabel('Filter apps').fill(firstName.toUpperCase());
    await expect.poll(() => pager.innerText()).toMatch(/^Showing 1–\d+ of \d+/);
    await expect
      .poll(async () => (await page.getByRole('row').nth(1).getByRole('link').first().innerText()).toLowerCase())
      .toContain(firstName.toLowerCase());
    await page.getByLabel('Filter apps').fill('no app is called this');
    await page.getByText('No app matches the filter.').waitFor();
    await page.getByLabel('Filter apps').fill('');
    await expect.poll(() => pager.innerText()).toContain(`Showing 1–${demoApps} of ${demoApps}`);
    await shoot(page, 'list');

    // Create.
    await page.getByRole('link', { name: 'Add Single App' }).click();
    await page.waitForURL(`${site.url}/admin/apps/new`);
    await page.getByLabel('Name', { exact: true }).fill('Rota Robot');
    await page.getByLabel('Category').fill('HR & Recruiting');
    await page.getByLabel('Description', { exact: true }).fill('Plans shifts from availability.');
    await page.getByLabel('Problem solved').fill('Weekly rotas take hours');
    await page.getByLabel('Replaces tools').fill('Excel, WhatsApp');
    await page.getByLabel('Key features').fill('Availability forms\nSwap requests');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 1').fill('Is it free?');
    await page.getByLabel('Answer 1').fill('During the beta, yes.');
    await page.getByLabel('Featured').check();
    await shoot(page, 'new');
    await page.getByRole('button', { name: 'Create App' }).click();
    expect(await toastText(page, 'App created')).toBe('App created');
    await page.waitForURL(/\/admin\/apps\/edit\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    expect((await publicApp('rota-robot')).body).toMatchObject({
      id,
      category: 'HR & Recruiting',
      featured: true,
      replaces_tools: 'Excel, WhatsApp',
      key_features: ['Availability forms', 'Swap requests'],
      faq_items: [{ question: 'Is it free?', answer: 'During the beta, yes.' }],
    });

    // Edit: a new address and description.
    await page.getByRole('heading', { name: 'Edit Rota Robot' }).waitFor();
    expect(await page.getByLabel('Key features').inputValue()).toBe('Availability forms\nSwap requests');
    await page.getByLabel('Slug (address)').fill('rota-robot-pro');
    await page.getByLabel('Description', { exact: true }).fill('Plans shifts and swaps from availability.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await toastText(page, 'App saved')).toBe('App saved');
    expect((await publicApp('rota-robot')).status).toBe(404);
    expect((await publicApp('rota-robot-pro')).body).toMatchObject({ description: 'Plans shifts and swaps from availability.' });
    await shoot(page, 'edit');

    // The same form answers at /admin/apps/:id too. Deactivate, then reactivate.
    await visit(page, `${site.url}/admin/apps/${id}`);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    expect(await toastText(page, 'App deactivated')).toBe('App deactivated');
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await publicApp('rota-robot-pro')).status).toBe(404);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    expect(await toastText(page, 'App reactivated')).toBe('App reactivated');
    expect((await publicApp('rota-robot-pro')).status).toBe(200);

    // App Links tab.
    await visit(page, `${site.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'App Links' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    expect(await toastText(page, 'Please select an app first')).toBe('Please select an app first');
    await page.getByLabel('App', { exact: true }).selectOption({ label: 'Rota Robot' });
    expect(await page.getByLabel('App URL').getAttribute('type')).toBe('url');
    await page.getByLabel('Development status').selectOption('beta');
    await page.getByLabel('Status text').fill('Private beta');
    await page.getByLabel('App URL').fill('https://rota.example.com/start');
    await page.getByLabel(/Link enabled/).check();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    expect(await toastText(page, 'App link configuration saved successfully')).toBe('App link configuration saved successfully');
    expect((await publicApp('rota-robot-pro')).body).toMatchObject({
      development_status: 'beta',
      status_text: 'Private beta',
      app_url: 'https://rota.example.com/start',
      status_link_enabled: true,
    });
    const row = page.getByRole('row').filter({ hasText: 'Rota Robot' });
    await row.getByText('Beta Testing').waitFor();
    expect(await row.innerText()).toContain('Private beta');
    const visitLink = row.getByRole('link', { name: /Visit/ });
    expect(await visitLink.getAttribute('href')).toBe('https://rota.example.com/start');
    expect(await visitLink.getAttribute('target')).toBe('_blank');
    for (const heading of ['App Name', 'Category', 'Status', 'Status Text', 'Link Enabled', 'App URL']) {
      expect(await page.getByRole('columnheader', { name: heading, exact: true }).count(), heading).toBe(1);
    }
    await shoot(page, 'app-links');

    // Text import: example, preview, import.
    await visit(page, `${site.url}/admin/apps/import`);
    const importButton = page.getByRole('button', { name: 'Import Apps' });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByText('Preview: 2 apps will be imported').waitFor();
    await page
      .getByLabel('Apps as text')
      .fill(
        '1. Menu Costing\nPrices every dish from its ingredients.\nFood costs drift unnoticed\nExcel\nFinance\nLive margins\n\n- Table Turner\nPredicts table turnover.\nGuessing covers per night\nPaper diary\n\nskipped\nentry',
      );
    await page.getByText('Preview: 2 apps will be imported').waitFor();
    await page.getByText('2 new, 0 to update, 1 skipped.').waitFor();
    const preview = page.getByTestId('import-preview');
    expect(await preview.getByRole('row').nth(1).innerText()).toContain('Menu Costing');
    // No category given: the spec's default, in its one spelling, in the preview as on the public page.
    expect(await preview.getByRole('row').nth(2).innerText()).toContain('Other');
    expect(await preview.locator('tr[data-row="3"]').innerText()).toMatch(/Skip\s+Fewer than 4 lines\./);
    await shoot(page, 'import-text');
    await importButton.click();
    expect(await toastText(page, 'Successfully imported 2 apps.')).toBe(
      'Import successful! Successfully imported 2 apps. 1 row was not imported: see the report.',
    );
    expect((await publicApp('menu-costing')).body).toMatchObject({ category: 'Finance', spreadsheet_benefits: ['Live margins'] });
    expect((await publicApp('table-turner')).body).toMatchObject({ category: 'Other', replaces_tools: 'Paper diary' });
    expect(await page.getByLabel('Apps as text').inputValue()).toBe('');
    expect(await page.getByTestId('import-report').locator('tr[data-row="3"]').innerText()).toMatch(/Not imported\s+Fewer than 4 lines\./);

    // A name too long, or of emoji only, is reported for its row; the other rows go in.
    await page.getByLabel('Apps as text').fill(`${'Very Long Name '.repeat(10)}\nd\np\nt\n\n🎉🚀\nd\np\nt\n\nShort Name\nd\np\nt`);
    await page.getByText('1 new, 0 to update, 2 skipped.').waitFor();
    expect(await preview.locator('tr[data-row="1"]').innerText()).toContain('The name is too long (at most 120 characters).');
    expect(await preview.locator('tr[data-row="2"]').innerText()).toContain('The name needs at least one letter or digit.');
    await importButton.click();
    expect(await toastText(page, 'Successfully imported 1 app.')).toBe(
      'Import successful! Successfully imported 1 app. 2 rows were not imported: see the report.',
    );
    expect((await publicApp('short-name')).status).toBe(200);
    const textReport = page.getByTestId('import-report');
    expect(await textReport.locator('tr[data-row="1"]').innerText()).toContain('The name is too long (at most 120 characters).');
    expect(await textReport.locator('tr[data-row="2"]').innerText()).toContain('The name needs at least one letter or digit.');

    // CSV import: every reason a row can have in the preview; an existing app updated at the admin's choice.
    await page.getByRole('tab', { name: 'CSV Import' }).click();
    await page
      .getByLabel('CSV data')
      .fill(
        [
          'App Title,Short Desc,Problem,Tools Replaced,Category,Benefits',
          '"Quote Builder, Pro","Turns price lists into quotes, fast.",Quotes take an hour,"Word, Excel",Sales,One click; No retyping',
          'Menu Costing,Prices every dish and every drink.,Food costs drift unnoticed,Excel,Finance,Live margins',
          'Too,few,cells',
          ',A tool without a name,p,t,other,',
          '🚀🔥,Emoji only,p,t,other,',
          '"Quote Builder, Pro",Again,p,t,Sales,',
        ].join('\n'),
      );
    const csvPreview = page.getByTestId('import-preview');
    await page.getByText('2 new, 0 to update, 4 skipped.').waitFor();
    expect(await page.getByText('Preview: 2 apps will be imported').count()).toBe(1);
    const reasons = async (scope: typeof csvPreview, row: number) =>
      (await scope.locator(`tr[data-row="${row}"]`).innerText()).replace(/\s+/g, ' ');
    expect(await reasons(csvPreview, 2)).toContain('Word, Excel');
    expect(await reasons(csvPreview, 3)).toContain('Skip An app with the address "menu-costing" already exists.');
    expect(await reasons(csvPreview, 4)).toContain('Skip Fewer than 4 cells.');
    expect(await reasons(csvPreview, 5)).toContain('Unnamed App Add The name is missing: named "Unnamed App".');
    expect(await reasons(csvPreview, 6)).toContain('Skip The name needs at least one letter or digit.');
    expect(await reasons(csvPreview, 7)).toContain('Skip Same address "quote-builder-pro" as row 2.');
    await page.getByLabel('Update those apps with these rows').check();
    await page.getByText('2 new, 1 to update, 3 skipped.').waitFor();
    expect(await page.getByLabel('Row 3: app already in the catalogue').inputValue()).toBe('update');
    expect(await reasons(csvPreview, 3)).toContain('Update An app with the address "menu-costing" already exists.');
    await page.getByText('Preview: 3 apps will be imported').waitFor();
    // The preview's table fits the width it is given: nothing of a row is out of sight.
    const previewFits = () =>
      csvPreview.locator('table').evaluate((table) => table.getBoundingClientRect().width <= table.parentElement!.clientWidth + 0.5);
    expect(await previewFits(), 'preview at 1280 px').toBe(true);
    await shoot(page, 'import-preview-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await loaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await previewFits(), 'preview at 390 px').toBe(true);
    await shoot(page, 'import-preview-390');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Import Apps' }).click();
    expect(await toastText(page, 'Successfully imported 3 apps.')).toBe(
      'Import successful! Successfully imported 3 apps. 3 rows were not imported: see the report.',
    );
    expect((await publicApp('quote-builder-pro')).body).toMatchObject({
      name: 'Quote Builder, Pro',
      description: 'Turns price lists into quotes, fast.',
      spreadsheet_benefits: ['One click', 'No retyping'],
    });
    expect((await publicApp('menu-costing')).body).toMatchObject({ description: 'Prices every dish and every drink.' });
    for (const slug of ['menu-costing-2', 'quote-builder-pro-2']) expect((await publicApp(slug)).status, slug).toBe(404);
    const csvReport = page.getByTestId('import-report');
    await csvReport.getByText('2 added, 1 updated, 3 not imported.').waitFor();
    expect(await reasons(csvReport, 3)).toContain('Updated An app with the address "menu-costing" already exists.');
    expect(await reasons(csvReport, 4)).toContain('Not imported Fewer than 4 cells.');
    expect(await reasons(csvReport, 5)).toContain('Added The name is missing: named "Unnamed App".');
    expect(await reasons(csvReport, 6)).toContain('Not imported The name needs at least one letter or digit.');
    expect(await reasons(csvReport, 7)).toContain('Not imported Same address "quote-builder-pro" as row 2.');
    expect(await csvReport.locator('tr[data-row="2"]').count()).toBe(0);
    await shoot(page, 'import-report');

    // Google Ads CSV.
    await visit(page, `${site.url}/admin/apps/google-ads-csv`);
    const active = ((await (await fetch(`${site.url}/api/apps`)).json()) as { total: number }).total;
    await expect.poll(() => page.getByTestId('counter-Total Apps').innerText()).toBe(String(active));
    const downloadButton = page.getByRole('button', { name: 'Download CSV (UTF-8 BOM)' });
    expect(await downloadButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Generate CSV Data' }).click();
    const generated = await toastText(page, 'Generated CSV');
    expect(generated).toMatch(new RegExp(`^Generated CSV with \\d+ keywords and ${active * 2} ads for ${active} apps$`));
    expect(await page.getByTestId('counter-Keywords').innerText()).toBe(generated.match(/with (\d+) keywords/)![1]);
    await shoot(page, 'google-ads');
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(`google_ads_editor_import_${new Date().toISOString().slice(0, 10)}.csv`);
    expect(await toastText(page, 'CSV file downloaded')).toBe('CSV file downloaded successfully with UTF-8 BOM encoding');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, ...rows] = text.split('\r\n');
    expect(header!.split(',')).toHaveLength(30);
    expect(header).toMatch(
      /^Campaign,Campaign Type,Budget,Bid Strategy Type,Ad Group,Keyword,Criterion Type,Ad Type,Headline 1,.*,Headline 15,Description 1,Description 2,Description 3,Description 4,Final URL,Path 1,Path 2$/,
    );
    expect(text).toContain('"Quote Builder, Pro - Sales"');
    expect(text).toContain(`${site.url}/app/rota-robot-pro`);
    expect(rows.filter((line) => line.includes('Responsive search ad'))).toHaveLength(active * 2);
    // The suggested max CPC: the file's last line, a comment, as the page's note says.
    expect(rows.at(-2)).toBe('# Suggested max CPC: €2.50. Set it manually after the import.');
    await page
      .getByText('Suggested max CPC: €2.50. Set it manually after the import. The file ends with it too, as a # comment line.')
      .waitFor();

    // Phone width: every page still fits.
    await page.setViewportSize(PHONE);
    for (const [name, path] of [
      ['list', '/admin/apps'],
      ['edit', `/admin/apps/edit/${id}`],
      ['import', '/admin/apps/import'],
      ['google-ads', '/admin/apps/google-ads-csv'],
      ['app-links', '/admin/dashboard'],
    ] as const) {
      await visit(page, `${site.url}${path}`);
      await page.locator('h1').first().waitFor();
      // Measured with the page's content in: its data arrived and rendered, nothing left loading.
      await requests.quiet();
      await loaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await shoot(page, `${name}-375`);
    }
    await context.close();
  }, 180_000);
});

describe("an app's ROI figures in Chromium", () => {
  /** The app page's figures as a visitor reads them ('87% faster'). */
  async function roiFigures(page: Page, slug: string): Promise<string[]> {
    await visit(page, `${site.url}/app/${slug}`);
    const figures = page.getByTestId('roi-figures').getByRole('listitem');
    await figures.first().waitFor();
    return (await figures.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  }

  it("shows each app's own figures, the spec's for an app without; the admin sets them in the app form", async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    // A demo app: its own figures, which follow its text ('from about 4 hours to 30 minutes').
    expect(await roiFigures(page, 'shift-planner')).toEqual([
      '87% faster',
      '60% less errors',
      '12% cost savings',
      '210% ROI',
      '$9,800 projected',
    ]);

    await signInAsAdmin(page, 'roi@example.com');
    await visit(page, `${site.url}/admin/apps/new`);
    await page.getByLabel('Name', { exact: true }).fill('Figure Free');
    await page.getByLabel('Category').fill('Finance');
    await page.getByLabel('Description', { exact: true }).fill('Has no figures of its own yet.');
    await page.getByRole('button', { name: 'Create App' }).click();
    await page.waitForURL(/\/admin\/apps\/edit\/[0-9a-f-]{36}$/);
    expect((await publicApp('figure-free')).body.roi_figures).toBeNull();
    const editUrl = page.url();
    expect(await roiFigures(page, 'figure-free')).toEqual([
      '45% faster',
      '30% less errors',
      '25% cost savings',
      '40% ROI',
      '$69,000 projected',
    ]);

    // Four of five figures: the server names the missing one, under its field.
    await visit(page, editUrl);
    await page.getByRole('heading', { name: 'Edit Figure Free' }).waitFor();
    await page.getByLabel('Faster (%)').fill('55');
    await page.getByLabel('Cost savings (%)').fill('20');
    await page.getByLabel('ROI (%)', { exact: true }).fill('150');
    await page.getByLabel('Projected savings ($ a year)').fill('18500');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const fewerErrors = page.getByLabel('Fewer errors (%)');
    await expect.poll(() => fewerErrors.getAttribute('aria-invalid')).toBe('true');
    const described = await fewerErrors.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Enter a whole number from 1 to 100.');
    expect((await publicApp('figure-free')).body.roi_figures).toBeNull();

    await fewerErrors.fill('35');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await toastText(page, 'App saved')).toBe('App saved');
    expect((await publicApp('figure-free')).body.roi_figures).toEqual({
      faster_pct: 55,
      fewer_errors_pct: 35,
      cost_savings_pct: 20,
      roi_pct: 150,
      projected_usd: 18_500,
    });
    // The service worker answers catalogue reads stale-while-revalidate: the page may show its kept copy once more.
    await expect
      .poll(() => roiFigures(page, 'figure-free'), { timeout: 15_000 })
      .toEqual(['55% faster', '35% less errors', '20% cost savings', '150% ROI', '$18,500 projected']);
    const section = page.getByRole('region', { name: 'ROI & Business Impact' });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENSHOTS_DIR}app-roi-own-figures.png` });
    await visit(page, editUrl);
    expect(await page.getByLabel('Projected savings ($ a year)').inputValue()).toBe('18500');
    await page.close();
  });

  it('imports the figures from CSV, with each row’s figures in the preview', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(page, 'roi-import@example.com');
    await visit(page, `${site.url}/admin/apps/import`);
    await page.getByRole('tab', { name: 'CSV Import' }).click();
    await page
      .getByLabel('CSV data')
      .fill(
        'name,description,problem,tools,category,roi_faster,roi_fewer_errors,roi_cost_savings,roi_percent,roi_projected\n' +
          'Csv Figures,d,p,Excel,Sales,70%,40%,15%,220%,"$21,000"\n' +
          'Csv Bad Figures,d,p,Excel,Sales,150,40,15,220,21000',
      );
    const preview = page.locator('tr[data-row="2"]');
    await preview.getByText('70% faster, 40% less errors, 15% cost savings, 220% ROI, $21,000 projected').waitFor();
    await page
      .locator('tr[data-row="3"]')
      .getByText('The ROI figure "Faster (%)" is not valid: Enter a whole number from 1 to 100.')
      .waitFor();
    await page.getByRole('button', { name: 'Import Apps' }).click();
    await toastText(page, 'Import successful!');
    expect((await publicApp('csv-figures')).body.roi_figures).toEqual({
      faster_pct: 70,
      fewer_errors_pct: 40,
      cost_savings_pct: 15,
      roi_pct: 220,
      projected_usd: 21_000,
    });
    expect((await publicApp('csv-bad-figures')).status).toBe(404);
    await page.close();
  });
});
