/**
 * What a visitor sees when things go wrong: a page that fails to render shows the router's failure screen
 * with a way home; a broken in-app link shows the 404 page and is recorded like a server 404.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../backend/src/shared/db/database.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

describe('failures in Chromium', () => {
  it("shows 'Unexpected Application Error!' when a page cannot render, with a way back home", async () => {
    // No service worker: the test answers the app's API request itself.
    const context = await site.browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await visit(page, `${site.url}/`);
    // A malformed app record: its benefits are not a list.
    await page.route('**/api/apps/invoice-chaser', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), spreadsheet_benefits: null } });
    });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/invoice-chaser');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.title()).toBe('Unexpected Application Error! | Unsheet');
    expect(errors.some((e) => e.includes('Route error'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}route-error.png` });

    await page.unroute('**/api/apps/invoice-chaser');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0);
    await context.close();
  });

  it('records a broken in-app link once, as the server records a 404 it answers', async () => {
    const page = await site.browser.newPage();
    await visit(page, `${site.url}/about`);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/tools/that-moved';
      link.textContent = 'An old link';
      document.querySelector('main')!.append(link);
    });
    // A plain anchor is a full page load: the server answers 404 and records it.
    await page.getByRole('link', { name: 'An old link' }).click();
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // An in-app navigation (as a router link makes one, with its history state): only the SPA knows.
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'in-app', idx: 1 }, '', '/c/astrology/old-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();

    const { db, close } = await openDatabase({ url: site.database.url, dataDir: '', migrate: false });
    try {
      const recorded = async () =>
        (
          await sql<{ data: { path: string; via: string } }>`
          select data from events where type = 'PageNotFound' order by global_position`.execute(db)
        ).rows.map((r) => r.data);
      await eventually(async () => (await recorded()).length >= 2);
      // Headless Chromium is bot traffic by the analytics rule: recorded, and flagged so that dead ends leave it out.
      expect(await recorded()).toEqual([
        { path: '/tools/that-moved', via: 'server', bot: true },
        { path: '/c/astrology/old-page', via: 'client', bot: true },
      ]);
    } finally {
      await close();
    }
    await page.close();
  });
});
