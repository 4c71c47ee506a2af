/** Catalogue reads: the JSON reads of the catalogue pages (top apps, a category, an app, a search, the categories) and the sitemap. */
import { load, pick, type LoadResult } from './load.js';

export const CATALOGUE = { connections: 20, seconds: 15 };

export async function catalogueReads(baseUrl: string): Promise<LoadResult> {
  const apps = ((await (await fetch(`${baseUrl}/api/apps?pageSize=100`)).json()) as { items: { slug: string }[] }).items;
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { slug: string }[];
  if (apps.length === 0) throw new Error('the catalogue is empty: the server should have loaded the demo catalogue');
  const terms = ['invoice', 'shift', 'sales', 'support', 'stock', 'crm'];
  // The browse scenario's mix (load-tests/browse.js), without the server-rendered pages.
  const paths: [number, () => string][] = [
    [25, () => '/api/apps/top?limit=12&offset=0'],
    [20, () => `/api/categories/${pick(categories).slug}`],
    [25, () => `/api/apps/${pick(apps).slug}`],
    [15, () => `/api/apps/search?q=${pick(terms)}`],
    [5, () => '/api/categories'],
    [2, () => '/sitemap.xml'],
  ];
  const weighted = paths.flatMap(([weight, path]) => Array.from({ length: weight }, () => path));
  // Warm up (the JIT, the connection pool, PostgreSQL's caches), then measure.
  await load({ url: baseUrl, connections: CATALOGUE.connections, duration: 3, path: () => pick(weighted)() });
  return load({ url: baseUrl, connections: CATALOGUE.connections, duration: CATALOGUE.seconds, path: () => pick(weighted)() });
}
