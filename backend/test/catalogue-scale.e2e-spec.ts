/**
 * The public site over HTTP with a catalogue of thousands: 16 apps first, then 5,000 more. The server renders
 * the first page of each grid, so home and a category weigh within a few KB of their weight at 16 apps, and
 * every page and paged read costs the server under 50 ms, or no more than the same page did at 16 apps where
 * that was more (a loaded machine). Cost: the median of seven requests with the catalogue cache off, so that
 * each one queries and renders; measured as the CPU time of the API's process, which waiting for a core on a
 * loaded machine does not inflate (the request log's time is printed beside it). `?page=N` links walk a grid,
 * and the server renders the page they ask for. The SPA must be built (npm test builds first).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';
import { requestTiming } from './request-timing.js';

const APPS = 5_000;
const BASELINE = 16;
const TIME_MAX_MS = 50;
/** Measurement noise allowed when a page is compared with itself at 16 apps. */
const NOISE = 1.25;
/** How much heavier home and a category may be with 5,016 apps than with 16. */
const GROWTH_MAX_BYTES = 5 * 1024;

let api: ApiHarness;
const db = () => api.database.handle.db;
const timing = requestTiming();
const measure = (path: string) => timing.measure(api, path);
const baseline: Record<string, { bytes: number; cpuMs: number }> = {};

/** Apps written straight into the read model, `count` from `first`: the first 16 and every tenth ready to try. */
async function insertApps(first: number, count: number, categoryOf: (n: string) => string) {
  await sql`
    insert into apps (id, name, slug, description, long_description, category, category_slug, base_views, is_active,
      keyword_bof, development_status, app_url, status_link_enabled, created_at, updated_at)
    select gen_random_uuid(), 'App ' || lpad(n::text, 4, '0'), 'app-' || n, repeat('Replaces a spreadsheet. ', 4),
      repeat('A long description of the app. ', 20), ${sql.raw(categoryOf('name'))}, ${sql.raw(categoryOf('slug'))},
      n, true, 'app ' || n, case when n % 10 = 0 or n <= ${BASELINE} then 'beta' else 'concept' end,
      case when n % 10 = 0 or n <= ${BASELINE} then 'https://app-' || n || '.example.com' end, n % 10 = 0 or n <= ${BASELINE}, now(), now()
    from generate_series(${first}::int, ${first + count - 1}::int) as n`.execute(db());
  await sql`analyze apps`.execute(db());
}

beforeAll(async () => {
  api = await startApi({ CATALOGUE_CACHE_MS: '0', RUN_WORKERS: 'false' }, undefined, timing.logger);
  // At 16 apps every one is in Finance, so the category page is as full at 16 as at 5,016.
  await insertApps(1, BASELINE, (column) => (column === 'name' ? `'Finance'` : `'finance'`));
  for (const path of ['/', '/c/finance', '/app/app-1', '/api/apps']) {
    const { bytes, ms, cpuMs } = await measure(path);
    baseline[path] = { bytes, cpuMs };
    console.log(`${BASELINE} apps: ${path}: ${bytes} bytes, ${ms} ms from request to answer, ${cpuMs.toFixed(1)} ms of CPU`);
  }
  const categories = ['Finance', 'Sales', 'Marketing', 'Analytics', 'Productivity', 'Customer Support', 'HR & Recruiting', 'Other'];
  const slugs = ['finance', 'sales', 'marketing', 'analytics', 'productivity', 'customer-support', 'hr-and-recruiting', 'other'];
  const pick = (list: string[]) => `(array[${list.map((name) => `'${name}'`).join(', ')}])[n % ${list.length} + 1]`;
  await insertApps(BASELINE + 1, APPS, (column) => pick(column === 'name' ? categories : slugs));
}, 180_000);
afterAll(async () => {
  await api?.close();
});

const html = async (path: string) => {
  const response = await fetch(api.url(path));
  return { status: response.status, body: await response.text() };
};
/** The names of the apps a server-rendered page lists in its All Applications grid or category grid. */
const listed = (page: string) => {
  const grid = page.includes('id="all-apps"') ? page.slice(page.indexOf('id="all-apps"'), page.indexOf('id="categories"')) : page;
  return [...grid.matchAll(/<a[^>]*href="\/app\/(app-\d+)"/g)].map((m) => m[1]);
};

describe('a catalogue of 5,016 apps', () => {
  it.each(['/', '/c/finance'])('%s weighs within a few KB of its weight at 16 apps', async (path) => {
    const { bytes } = await measure(path);
    const before = baseline[path]!.bytes;
    expect(Math.abs(bytes - before), `${bytes} bytes against ${before} at ${BASELINE} apps`).toBeLessThan(GROWTH_MAX_BYTES);
  });

  // Each with the page it is compared with at 16 apps.
  it.each([
    ['/', '/'],
    ['/?page=2', '/'],
    ['/?category=sales&sort=popular&page=40', '/'],
    ['/c/finance', '/c/finance'],
    ['/c/finance?page=50', '/c/finance'],
    ['/app/app-4321', '/app/app-1'],
    ['/api/apps', '/api/apps'],
    ['/api/apps?page=400&sort=popular', '/api/apps'],
    ['/api/apps?ready=true&sort=popular', '/api/apps'],
    ['/api/categories/finance?page=50', '/api/apps'],
    ['/api/apps/search?q=app%204999', '/api/apps'],
  ])('GET %s costs the server under 50 ms (or what %s cost at 16 apps)', async (path, comparedWith) => {
    const { ms, cpuMs, bytes } = await measure(path);
    console.log(`${APPS + BASELINE} apps: ${path}: ${bytes} bytes, ${ms} ms from request to answer, ${cpuMs.toFixed(1)} ms of CPU`);
    expect(cpuMs, 'median CPU time in ms').toBeLessThan(Math.max(TIME_MAX_MS, NOISE * baseline[comparedWith]!.cpuMs));
  });

  it("renders the page of a grid that '?page=' asks for, linking to the pages before and after it", async () => {
    const { body } = await api.get('/api/apps?page=2');
    const second = await html('/?page=2');
    expect(second.status).toBe(200);
    expect(listed(second.body)).toEqual(body.items.map((app: { slug: string }) => app.slug));
    expect(second.body).toContain('href="/?page=3#all-apps"');
    expect(second.body).toContain('href="/#all-apps"');
    expect(second.body.replaceAll('<!-- -->', '')).toContain(`Showing 13–24 of ${(APPS + BASELINE).toLocaleString('en-US')}`);

    const sales = await api.get('/api/categories/sales?page=3');
    const category = await html('/c/sales?page=3');
    expect(listed(category.body)).toEqual(sales.body.apps.items.map((app: { slug: string }) => app.slug));
    expect(category.body).toContain('href="/c/sales?page=4"');
    expect(category.body).toContain('href="/c/sales?page=2"');
  });

  it('answers a page past the end, or one that is not a page number, with 404', async () => {
    const last = Math.ceil((APPS + BASELINE) / 12);
    expect((await html(`/?page=${last}`)).status).toBe(200);
    for (const path of [`/?page=${last + 1}`, '/?page=0', '/?page=x', '/?sort=views', '/c/finance?page=1000', '/c/finance?page=-1']) {
      expect((await html(path)).status, path).toBe(404);
    }
    // Parameters that are not the grid's are left alone.
    expect((await html('/?utm_source=newsletter')).status).toBe(200);
  });
});
