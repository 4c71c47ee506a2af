/**
 * Demand signals in Chromium against the built server: a search with no result offers "Can't find it? Suggest
 * this tool" (besides categories and the most popular apps), which opens the suggestion dialog with the query
 * filled in and links the suggestion to the search; then the admin's Demand tab ranks what visitors did not
 * find, and marks a need built. Screenshots at 1280 and 390 px.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, search } from '../../backend/src/analytics/testing/tracker-events.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';
import { launchAsPerson } from './chromium.js';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ADMIN = { email: 'demand@example.com', password: 'demand-secret' };
const QUERY = 'sourdough starter log';

function post(path: string, body: unknown) {
  return fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    body: JSON.stringify(body),
  });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

beforeAll(async () => {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ADMIN.email, '--password', ADMIN.password], { env });
  const searches = [
    'invoice reminders',
    'invoice reminders',
    'invoice reminder tool',
    'chase unpaid invoices',
    'staff rota',
    'shift planner',
  ];
  // Each search a visit of its own, as many tabs would send them: a batch speaks for a few sessions at most.
  for (const query of searches) expect((await post('/api/analytics/collect', { events: [search({ query })] })).status).toBe(202);
  expect((await post('/api/site/not-found', { path: '/app/payroll-wizard' })).status).toBe(202);
});

describe('demand signals in Chromium', () => {
  it("offers 'Can't find it? Suggest this tool' for a search with no result, prefilled and linked to the search", async () => {
    // As a person's Chrome: headless Chromium's visits (its user agent, navigator.webdriver) are left out of the
    // demand signals.
    const person = await launchAsPerson();
    const page = await person.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/`);
    await page.getByRole('searchbox', { name: 'Search apps' }).pressSequentially(QUERY, { delay: 20 });
    const results = page.getByTestId('search-results');
    await results.getByText(`No apps match "${QUERY}"`).waitFor();
    await results.getByRole('heading', { name: 'Browse the categories' }).waitFor();
    await expect.poll(() => results.getByTestId('app-card').count()).toBe(3);
    const cta = results.getByRole('button', { name: "Can't find it? Suggest this tool" });
    await cta.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}demand-search-empty-1280.png`, fullPage: false });

    await cta.click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await expect(dialog.getByRole('textbox', { name: 'Your suggestion' }).inputValue()).resolves.toBe(QUERY);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('baker@example.com');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you! 💡' }).waitFor();

    // The search reaches the log once the tracker has loaded; the suggestion names it.
    await eventually(
      async () => {
        const { rows } = await sql<{ linked: boolean }>`
          select (s.data->>'searchId') = (q.data->>'searchId') as linked
          from events s join events q on q.type = 'AnalyticsSearchPerformed' and q.data->>'query' = ${QUERY}
          where s.type = 'SuggestionSubmitted' and s.data->>'text' = ${QUERY}`.execute(site.db);
        return rows.length === 1 && rows[0]!.linked;
      },
      { timeout: 20_000 },
    );
    await person.close();

    const phone = await site.browser.newPage({ viewport: PHONE });
    await visit(phone, `${site.url}/`);
    await phone.getByRole('searchbox', { name: 'Search apps' }).fill(QUERY);
    await phone.getByRole('button', { name: "Can't find it? Suggest this tool" }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(phone);
    await phone.screenshot({ path: `${SCREENSHOTS_DIR}demand-search-empty-390.png` });
    await phone.close();
  });

  it('ranks the unmet needs on the Demand tab and marks one built', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/admin/login`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site.url}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Demand' }).click();
    await page.waitForURL(`${site.url}/admin/demand`);

    const needs = page.getByTestId('demand-need');
    await expect
      .poll(async () => (await needs.getByRole('heading').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ')), { timeout: 15_000 })
      .toEqual(['1. invoice reminders', '2. sourdough starter log', '3. shift planner', '4. staff rota']);
    await expect(needs.first().innerText()).resolves.toMatch(/Searches\s+4 \(4 with no result\)/);
    await page.getByRole('table', { name: 'Missing pages' }).getByText('/app/payroll-wizard').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}demand-tab-1280.png`, fullPage: true });

    const shift = needs.filter({ has: page.getByRole('heading', { name: /shift planner$/ }) });
    await shift.getByLabel('Status').selectOption('built');
    await shift.getByLabel('App that serves it').selectOption('shift-planner');
    await shift.getByRole('button', { name: 'Save status' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'marked built' }).waitFor();
    // A built need goes after the open ones.
    await expect
      .poll(async () => (await needs.getByRole('heading').allInnerTexts()).at(-1)?.replace(/\s+/g, ' '), { timeout: 15_000 })
      .toBe('4. shift planner');
    await needs.last().getByText('Built: shift-planner').waitFor();

    // Recorded as the admin's (the audit trail lists events by their acting user).
    const { rows } = await sql<{ email: string }>`
      select u.email from events e join users u on u.id::text = e.metadata->>'userId' where e.type = 'DemandGroupMarked'`.execute(site.db);
    expect(rows).toEqual([{ email: ADMIN.email }]);
    await page.close();

    const phone = await site.browser.newPage({ viewport: PHONE });
    await visit(phone, `${site.url}/admin/login`);
    await phone.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await phone.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    await phone.waitForURL(`${site.url}/admin/dashboard`);
    await visit(phone, `${site.url}/admin/demand`);
    await phone.getByTestId('demand-need').first().waitFor({ timeout: 15_000 });
    await expectNoSidewaysScroll(phone);
    await phone.screenshot({ path: `${SCREENSHOTS_DIR}demand-tab-390.png`, fullPage: true });
    await phone.close();
  });
});
