import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppPage, AppSummary } from '../../contracts/catalogue/app.js';
import { loaded, SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

const PHONE = { width: 390, height: 844 };
/** Half the phone page's height when home showed the catalogue three times (8,841 px with the demo catalogue). */
const PHONE_HEIGHT_MAX = 4_420;
/** Where the screenshots of home that a person looks at go (besides the tests' own folder). */
const SHOTS_DIR = process.env.HOME_SHOTS_DIR ?? SCREENSHOTS_DIR;

const api = <T>(path: string): Promise<T> => fetch(`${site.url}/api${path}`).then((r) => r.json() as Promise<T>);

describe('home page in Chromium', () => {
  it('shows the most popular apps from the API, in order, as a strip of links', async () => {
    const top = await api<{ name: string; slug: string; views: number }[]>('/apps/top?limit=12');
    expect(top).toHaveLength(12);

    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.url}/`);
    const strip = page.locator('#popular').getByTestId('popular-app');
    expect(await strip.count()).toBe(12);
    expect(await strip.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      top.map((app) => `/app/${app.slug}`),
    );
    await expect(strip.first().innerText()).resolves.toContain(top[0]!.name);
    await expect(strip.first().innerText()).resolves.toContain(top[0]!.views.toLocaleString('en-US'));
    await page.close();
  });

  it('shows each app in full once, leads to the quiz from the first screen, and is half as tall on a phone', async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    await loaded(page);

    // The full cards and rows: the All Applications grid's first page, each app once.
    const full = await page.locator('[data-testid="app-card"], [data-testid="app-row"]').getByRole('heading').allInnerTexts();
    const firstPage = await api<AppPage>('/apps');
    expect(full).toEqual(firstPage.items.map((app) => app.name));
    expect(new Set(full).size).toBe(full.length);

    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${SHOTS_DIR}/home-390.png`, fullPage: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'page height at 390 px').toBeLessThanOrEqual(PHONE_HEIGHT_MAX);

    // From the first screen, one tap brings the quiz into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    const toQuiz = page.getByRole('link', { name: 'Find your tool in 4 questions' });
    const box = (await toQuiz.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await toQuiz.click();
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: 'Which tool fits you?' })
          .evaluate((heading) => heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().bottom <= window.innerHeight),
      )
      .toBe(true);
    await page.locator('#quiz').getByRole('textbox').first().waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS_DIR}/home-1280.png`, fullPage: true });
    await page.close();
  });

  it('shows on a phone that the strips scroll: the edge with more to see fades, over a link cut by it', async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    const strip = page.locator('#popular ol');
    await strip.getByTestId('popular-app').first().waitFor();
    const edge = () =>
      strip.evaluate((list) => {
        const box = list.getBoundingClientRect();
        const links = [...list.querySelectorAll('li')].map((item) => item.getBoundingClientRect());
        return {
          scrolls: list.scrollWidth > list.clientWidth,
          mask: getComputedStyle(list).maskImage,
          // A link running into the last 3rem (48 px) of the strip, where it fades.
          linkUnderFade: links.some((link) => link.left < box.right && link.right > box.right - 48),
        };
      });
    await expect.poll(async () => (await edge()).mask).toBe('linear-gradient(90deg, rgb(0, 0, 0) calc(100% - 48px), rgba(0, 0, 0, 0))');
    expect(await edge()).toMatchObject({ scrolls: true, linkUnderFade: true });
    await page.screenshot({ path: `${SHOTS_DIR}/home-strip-390.png`, clip: { x: 0, y: 0, width: PHONE.width, height: PHONE.height } });
    // At the far end, only the start fades: the last link is seen whole.
    await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect.poll(async () => (await edge()).mask).toBe('linear-gradient(90deg, rgba(0, 0, 0, 0), rgb(0, 0, 0) 48px)');
    // From the small breakpoint up the strip wraps, and nothing fades.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await edge()).mask).toBe('none');
    await page.close();
  });

  it('loads the next page of All Applications on demand, and serves it at its own address', async () => {
    const all = (await api<AppPage>('/apps?pageSize=100')).items;
    expect(all.length).toBeGreaterThan(12);
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.url}/?page=2`);
    const section = page.locator('#all-apps');
    const names = () => section.getByTestId('app-row').getByRole('heading').allInnerTexts();
    expect(await names()).toEqual(all.slice(12, 24).map((app: AppSummary) => app.name));
    await expect(section.getByRole('link', { name: 'Previous page' }).getAttribute('href')).resolves.toBe('/#all-apps');
    await section.getByRole('link', { name: 'Previous page' }).click();
    await expect.poll(names).toEqual(all.slice(0, 12).map((app) => app.name));
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('opens an app link and shows the 404 page for an unknown path', async () => {
    const page = await site.browser.newPage();
    await visit(page, `${site.url}/no/such/page`);
    await expect(page.getByText('Oops! Page not found').textContent()).resolves.toBeTruthy();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByTestId('app-row').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
