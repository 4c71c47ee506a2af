/**
 * Browsing the catalogue in Chromium against the built server and the demo catalogue: home (search, Ready to
 * Try Now, All Applications), category pages and app pages, their missing-page screens, titles and layout at
 * phone width. Expectations come from the API, so they follow the demo data rather than copy it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { App, AppPage, AppSummary, Category, CategoryWithApps } from '../../contracts/catalogue/app.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, followRequests, loaded, reload, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const SECTION_HEADINGS = [
  'What it does',
  'Why it kills your spreadsheet',
  'Perfect For',
  'ROI & Business Impact',
  'Seamless Integrations',
  'FAQ',
];

function api<T>(path: string): Promise<T> {
  return fetch(`${site.url}/api${path}`).then((response) => response.json() as Promise<T>);
}

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await site.browser.newPage({ viewport });
  await visit(page, `${site.url}${path}`);
  return page;
}

/** Every active app by name (the demo catalogue fits in the largest page). */
async function allApps(): Promise<AppSummary[]> {
  return (await api<AppPage>('/apps?pageSize=100')).items;
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
}

/** A category whose apps are in a different order by name than by views, so reordering is visible. */
async function categoryWhereOrdersDiffer(): Promise<{ category: Category; byName: AppSummary[]; byViews: AppSummary[] }> {
  const [apps, categories] = await Promise.all([allApps(), api<Category[]>('/categories')]);
  for (const category of categories) {
    const byName = apps.filter((app) => app.category_slug === category.slug);
    const byViews = byName.toSorted((a, b) => b.views - a.views);
    if (byName.map((app) => app.id).join() !== byViews.map((app) => app.id).join()) return { category, byName, byViews };
  }
  throw new Error('the demo catalogue has no category whose name and view orders differ');
}

describe('catalogue in Chromium', () => {
  it('goes from a home category pill to the category, to an app, and back', async () => {
    const categories = await api<Category[]>('/categories');
    const category = categories.find((candidate) => candidate.count >= 2)!;
    const apps = (await api<CategoryWithApps>(`/categories/${category.slug}`)).apps.items;
    const details = await Promise.all(apps.map((summary) => api<App>(`/apps/${summary.slug}`)));
    const app = details.find((candidate) => candidate.faq_items.length > 0 && candidate.target_personas.length > 0)!;

    const page = await openPage('/');
    await page
      .locator('#categories')
      .getByRole('link', { name: `${category.name} (${category.count})` })
      .click();

    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    expect(pathOf(page)).toBe(`/c/${category.slug}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('listitem').allInnerTexts()).toEqual(['Home', 'Categories', category.name]);
    await expect(breadcrumb.getByRole('link', { name: 'Categories' }).getAttribute('href')).resolves.toBe('/#categories');
    await expect(page.getByTestId('tool-count').innerText()).resolves.toBe(`${category.count} tools`);
    expect(await page.getByTestId('app-card').getByRole('heading').allInnerTexts()).toEqual(apps.map((a) => a.name));
    await expect(page.getByRole('button', { name: 'Claim Spot' }).isVisible()).resolves.toBe(true);

    await page.getByTestId('app-card').getByRole('link', { name: app.name }).click();
    await page.getByRole('heading', { level: 1, name: app.name }).waitFor();
    expect(pathOf(page)).toBe(`/app/${app.slug}`);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Home',
      app.category,
      app.name,
    ]);
    const headings = await page.getByTestId('app-sections').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings).toEqual(SECTION_HEADINGS);
    const stages = page.getByTestId('development-tracker').getByTestId('stage-label');
    expect(await stages.allInnerTexts()).toEqual(['Concept', 'Prototype', 'Beta Testing', 'Public Launch']);
    await expect(page.locator('[aria-current="step"]').count()).resolves.toBe(1);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    expect(pathOf(page)).toBe(`/c/${category.slug}`);
    await page.close();
  });

  it('renders the data the server wrote into a page without asking the API for it again, and asks on a later visit', async () => {
    const [app] = await api<AppSummary[]>('/apps/top?limit=1');
    const page = await site.browser.newPage({ viewport: DESKTOP });
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(`${url.pathname}${url.search}`);
    });
    const requests = followRequests(page);
    for (const path of ['/', `/c/${app!.category_slug}`, `/app/${app!.slug}`]) {
      await visit(page, `${site.url}${path}`);
      await requests.quiet();
      expect(reads, path).toEqual([]);
    }
    // Nothing in the server's markup waits for a refetch either: 'Load more' is a plain link.
    const home = await fetch(`${site.url}/`).then((response) => response.text());
    expect(home).toMatch(/<a rel="next" data-slot="button"/);

    // Back home within the app, the page's reads are asked again.
    await page.locator('header').getByRole('link', { name: 'Unsheet', exact: true }).click();
    await page.locator('#all-apps').waitFor();
    await requests.quiet();
    expect(reads).toContain('/api/apps/top?limit=12&offset=0');
    await page.close();
  });

  it('shows the status, call to action and tracker an app qualifies for', async () => {
    const apps = await allApps();
    const liveSummary = apps.find((app) => app.development_status === 'launched' && app.status_link_enabled && app.app_url)!;
    const live = await api<App>(`/apps/${liveSummary.slug}`);
    const concept = apps.find((app) => app.development_status === 'concept')!;

    const page = await openPage(`/app/${live.slug}`);
    const badge = page.getByTestId('status-badge');
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toContain(`Live · ${live.status_text}`);
    await expect(badge.getAttribute('href')).resolves.toBe(live.app_url);
    await expect(badge.getAttribute('target')).resolves.toBe('_blank');
    const tryNow = page.getByRole('link', { name: `Try ${live.name} now` });
    await expect(tryNow.getAttribute('href')).resolves.toBe(live.app_url);
    await expect(tryNow.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(page.locator('[aria-current="step"]').getByTestId('stage-label').innerText()).resolves.toBe('Public Launch');
    const reached = await page.getByTestId('development-tracker').locator('li[data-reached="true"]').count();
    expect(reached).toBe(4);
    // The count is the one served, or already includes the view this visit recorded.
    const shown = await page.getByText(/^[\d,]+ views$/).innerText();
    expect([live.views, live.views + 1].map((n) => `${n.toLocaleString('en-US')} views`)).toContain(shown);
    // The app's own ROI figures (every demo app has some; admin-catalogue.e2e.ts covers the spec's default).
    const roi = live.roi_figures!;
    for (const figure of [
      `${roi.faster_pct}% faster`,
      `${roi.fewer_errors_pct}% less errors`,
      `${roi.cost_savings_pct}% cost savings`,
      `${roi.roi_pct}% ROI`,
      `$${roi.projected_usd.toLocaleString('en-US')} projected`,
    ]) {
      await expect(page.getByText(figure, { exact: true }).count()).resolves.toBe(1);
    }
    // The per-benefit improvement is deterministic: a reload shows the same figures.
    const improvements = () => page.getByText(/^\+\d+%$/).allInnerTexts();
    const first = await improvements();
    expect(first).toHaveLength(live.spreadsheet_benefits.length);
    for (const text of first) expect(Number(text.slice(1, -1))).toBeGreaterThanOrEqual(10);
    await reload(page);
    await page.getByTestId('status-badge').waitFor();
    await expect(improvements()).resolves.toEqual(first);

    // FAQ answers open one at a time (native disclosures sharing a name).
    const [faq, next] = live.faq_items;
    const answer = page.getByText(faq!.answer);
    expect(await answer.isVisible()).toBe(false);
    await page.locator('summary', { hasText: faq!.question }).click();
    await answer.waitFor();
    if (next) {
      await page.locator('summary', { hasText: next.question }).click();
      await page.getByText(next.answer).waitFor();
      await answer.waitFor({ state: 'hidden' });
    }

    await visit(page, `${site.url}/app/${concept.slug}`);
    await page.getByRole('heading', { level: 1, name: concept.name }).waitFor();
    await expect(page.getByTestId('try-now').count()).resolves.toBe(0);
    await expect(page.getByTestId('status-badge').count()).resolves.toBe(concept.status_link_enabled ? 1 : 0);
    await expect(page.locator('[aria-current="step"]').getByTestId('stage-label').innerText()).resolves.toBe('Concept');
    await expect(page.getByRole('heading', { name: 'Join the VIP List' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("records one view per visit of an app page, with the visit's session", async () => {
    const [app] = await api<AppSummary[]>('/apps/top?limit=1');
    const page = await site.browser.newPage({ viewport: DESKTOP });
    const posts: string[] = [];
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/views')) return;
      posts.push(new URL(request.url()).pathname);
      bodies.push(request.postDataJSON());
    });
    const requests = followRequests(page);
    await visit(page, `${site.url}/app/${app!.slug}`);
    await page.getByRole('heading', { level: 1, name: app!.name }).waitFor();
    // The view goes out once the page shows the app; a second one would come with a later render: wait
    // until every request is answered and its answer handled.
    await eventually(() => posts.length > 0, { timeout: 15_000 });
    await requests.quiet();
    expect(posts).toEqual([`/api/apps/${app!.id}/views`]);
    // The view names the session the tracker reports, and itself by the landing page view's id, so that a
    // request sent again counts once (the server counts each view, at most 10 an hour per client and app).
    const sessionId = await page.evaluate(() => sessionStorage.getItem('unsheet.session-id'));
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const pageViewId = await page.evaluate(() => (window as { unsheetLanding?: { pageViewId: string } }).unsheetLanding?.pageViewId);
    expect(bodies).toEqual([{ sessionId, viewId: pageViewId }]);
    await page.close();
  });

  it('toggles the guarantee box open and closed', async () => {
    const [app] = await api<AppSummary[]>('/apps/top?limit=1');
    const page = await openPage(`/app/${app!.slug}`);
    const toggle = page.getByRole('button', { name: 'The 5-Hour Guarantee' });
    const promise = page.getByText('at least 5 hours per week within 30 days');
    await toggle.waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(promise.count()).resolves.toBe(0);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(promise.isVisible()).resolves.toBe(true);

    await toggle.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(promise.count()).resolves.toBe(0);
    await page.close();
  });

  it('filters All Applications by category and reorders them by popularity, in the address too', async () => {
    const { category, byName, byViews } = await categoryWhereOrdersDiffer();
    const all = await allApps();
    const page = await openPage('/#all-apps');
    const section = page.locator('#all-apps');
    const names = () => section.getByTestId('app-row').getByRole('heading').allInnerTexts();
    await section.getByTestId('app-row').first().waitFor();
    // The first page, then the rest with Load more.
    expect(await names()).toEqual(all.slice(0, 12).map((app) => app.name));
    await section.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(names).toEqual(all.map((app) => app.name));
    await expect(section.getByRole('status').innerText()).resolves.toBe(`Showing 1–${all.length} of ${all.length}`);
    await expect(section.getByRole('link', { name: 'Load more' }).count()).resolves.toBe(0);

    const select = section.getByRole('combobox', { name: 'Category' });
    await expect(select.locator('option').first().innerText()).resolves.toBe('All Categories');
    await select.selectOption({ label: `${category.name} (${category.count})` });
    await expect.poll(names).toEqual(byName.map((app) => app.name));

    const popular = section.getByRole('button', { name: 'Most Popular' });
    await popular.click();
    await expect(popular.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(names).toEqual(byViews.map((app) => app.name));
    expect(new URL(page.url()).search).toBe(`?category=${category.slug}&sort=popular`);
    // The server renders the same filtered grid for that address.
    await reload(page);
    expect(await names()).toEqual(byViews.map((app) => app.name));

    await select.selectOption({ label: 'All Categories' });
    await expect.poll(names).toEqual(
      all
        .toSorted((a, b) => b.views - a.views)
        .slice(0, 12)
        .map((app) => app.name),
    );
    await page.close();
  });

  it('lists the apps ready to try, most viewed first, opening each in a new tab', async () => {
    const apps = await api<AppSummary[]>('/apps/top?limit=100');
    const ready = apps.filter(
      (app) => ['prototype', 'beta', 'launched'].includes(app.development_status) && app.app_url && app.status_link_enabled,
    );
    expect(ready.length).toBeGreaterThan(0);
    const page = await openPage('/');
    const cards = page.getByTestId('ready-app');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(ready.length);
    for (const [index, app] of ready.entries()) {
      const card = cards.nth(index);
      await expect(card.getAttribute('href')).resolves.toBe(app.app_url);
      await expect(card.getAttribute('target')).resolves.toBe('_blank');
      await expect(card.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      await expect(card.innerText()).resolves.toContain(app.name);
    }
    await page.close();
  });

  it('searches as you type, once the typing pauses', async () => {
    const expected = await api<AppSummary[]>('/apps/search?q=invoice');
    expect(expected.length).toBeGreaterThan(0);
    const page = await openPage('/');
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/apps/search')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });

    const box = page.getByRole('searchbox', { name: 'Search apps' });
    await box.pressSequentially('invoice', { delay: 40 });
    const results = page.getByTestId('search-results');
    await expect.poll(() => results.getByTestId('app-card').getByRole('heading').allInnerTexts()).toEqual(expected.map((app) => app.name));
    // Debounced: one request for the word, not one per keystroke.
    expect(searches).toEqual(['invoice']);

    await box.fill('zzqx');
    await results.getByText('No apps match "zzqx"').waitFor();
    // No results: the way to suggest the tool, the categories and the most popular apps instead.
    await results.getByRole('button', { name: "Can't find it? Suggest this tool" }).waitFor();
    const popular = (await api<AppSummary[]>('/apps/top?limit=3&offset=0')).map((app) => app.name);
    await expect.poll(() => results.getByTestId('app-card').getByRole('heading').allInnerTexts()).toEqual(popular);
    await page.close();
  });

  it("shows 'App Not Found' for an unknown app, linking to all apps", async () => {
    const page = await openPage('/app/no-such-app');
    await page.getByRole('heading', { level: 1, name: 'App Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Browse all apps' }).click();
    await page.locator('#all-apps').waitFor();
    expect(pathOf(page)).toBe('/#all-apps');
    await page.close();
  });

  it("shows 'Category Not Found' for an unknown category at once, titled so, linking to all categories", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Everything the page ever shows, from the server's first bytes on: no category page still loading, ever.
    await page.addInitScript(() => {
      const seen = ((window as unknown as { seen: string[] }).seen = [] as string[]);
      new MutationObserver(() => {
        if (document.body?.innerText.includes('Claim Spot')) seen.push('Claim Spot');
        if (document.querySelector('[data-slot="skeleton"]')) seen.push('skeleton');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await visit(page, `${site.url}/c/pets`);
    await page.getByRole('heading', { level: 1, name: 'Category Not Found' }).waitFor();
    await loaded(page);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    expect(await page.title()).toBe('Category Not Found | Unsheet');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}category-not-found-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}category-not-found-390.png` });
    await page.getByRole('link', { name: 'Browse all categories' }).click();
    await page.locator('#categories').waitFor();
    expect(pathOf(page)).toBe('/#categories');
    await page.close();
  });

  it("titles a category page '{category} apps to replace Excel | Unsheet' with its tool count", async () => {
    const categories = await api<Category[]>('/categories');
    const category = categories.find((candidate) => candidate.count > 0)!;
    const page = await openPage(`/c/${category.slug}`);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    await expect(page.title()).resolves.toBe(`${category.name} apps to replace Excel | Unsheet`);
    // The page's own tag comes last (React appends it); the server's copy, if any, says the same.
    const description = await page.locator('meta[name="description"]').last().getAttribute('content');
    expect(description).toContain(`${category.count} tools in ${category.name}`);
    await page.close();
  });

  it('fits a 375 px screen without sideways scrolling, and looks right (screenshots)', async () => {
    const [top] = await api<AppSummary[]>('/apps/top?limit=1');
    const pages = [
      {
        name: 'home',
        path: '/',
        ready: async (page: Page) => {
          await page.getByTestId('app-row').first().waitFor();
          await page.locator('#popular').getByTestId('popular-app').first().waitFor();
        },
      },
      {
        name: 'category',
        path: `/c/${top!.category_slug}`,
        ready: (page: Page) => page.getByTestId('app-card').first().waitFor(),
      },
      { name: 'app', path: `/app/${top!.slug}`, ready: (page: Page) => page.getByTestId('app-sections').waitFor() },
    ];
    for (const { name, path, ready } of pages) {
      const page = await openPage(path);
      await ready(page);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}catalogue-${name}-desktop.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}catalogue-${name}-mobile.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} at 375 px`).toBeLessThanOrEqual(375);
      await page.close();
    }
  });
});
