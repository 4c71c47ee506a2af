import { describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

describe('home page in Chromium', () => {
  it('shows the most popular apps from the API, in order', async () => {
    const top: { name: string; views: number }[] = await fetch(`${site.url}/api/apps/top?limit=12`).then((r) => r.json());
    expect(top).toHaveLength(12);

    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.url}/`);
    const cards = page.getByTestId('app-card');
    await cards.nth(11).waitFor();
    expect(await cards.count()).toBe(12);
    expect(await cards.getByRole('heading').allInnerTexts()).toEqual(top.map((app) => app.name));
    await expect(cards.first().innerText()).resolves.toContain(`${top[0]!.views.toLocaleString('en-US')} views`);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}home-desktop.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}home-mobile.png`, fullPage: true });
    await page.close();
  });

  it('opens an app card link and shows the 404 page for an unknown path', async () => {
    const page = await site.browser.newPage();
    await visit(page, `${site.url}/no/such/page`);
    await expect(page.getByText('Oops! Page not found').textContent()).resolves.toBeTruthy();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByTestId('app-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
