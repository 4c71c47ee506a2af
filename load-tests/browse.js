// k6 scenario: visitors browsing the catalogue. Each iteration is one read, in the mix a visit makes: the
// catalogue's JSON reads (top apps, a category, an app, a search, the category list) and now and then a
// server-rendered page (home, category, app) or the sitemap.
// Run: k6 run -e BASE_URL=http://localhost:3000 -e RATE=3000 -e DURATION=1m load-tests/browse.js
// Plain JavaScript for k6 >= 0.48 (no TypeScript, no k6/browser).
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, envNumber, envString, pick } from './lib/env.js';

export const options = {
  scenarios: {
    browse: {
      executor: 'constant-arrival-rate',
      rate: envNumber('RATE', 300),
      timeUnit: '1s',
      duration: envString('DURATION', '1m'),
      preAllocatedVUs: envNumber('VUS', 50),
      maxVUs: envNumber('MAX_VUS', 400),
    },
  },
  thresholds: {
    // The catalogue's target: JSON reads (and the sitemap) p99 under 30 ms.
    'http_req_duration{kind:api}': ['p(99)<30'],
    // Server-rendered pages do the same reads plus the React render.
    'http_req_duration{kind:page}': ['p(99)<100'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    // The server fell behind the arrival rate when k6 had no free VU to start an iteration.
    dropped_iterations: ['count<1'],
  },
};

export function setup() {
  const apps = http.get(`${BASE_URL}/api/apps?pageSize=100`).json().items;
  const categories = http.get(`${BASE_URL}/api/categories`).json();
  if (!Array.isArray(apps) || apps.length === 0) fail('the catalogue is empty: load the demo catalogue (DEMO_CATALOGUE=true)');
  return { slugs: apps.map((a) => a.slug), categories: categories.map((c) => c.slug) };
}

const terms = ['invoice', 'shift', 'sales', 'support', 'stock', 'crm', ''];

// Mostly JSON reads, as the SPA makes them once loaded.
// [weight, kind, name (the URL tag, so one metric per route), path]
const reads = [
  [25, 'api', '/api/apps/top', () => '/api/apps/top?limit=12&offset=0'],
  [20, 'api', '/api/categories/:slug', (d) => `/api/categories/${pick(d.categories)}`],
  [25, 'api', '/api/apps/:slug', (d) => `/api/apps/${pick(d.slugs)}`],
  [15, 'api', '/api/apps/search', () => `/api/apps/search?q=${pick(terms)}`],
  [5, 'api', '/api/categories', () => '/api/categories'],
  [2, 'api', '/sitemap.xml', () => '/sitemap.xml'],
  [3, 'page', '/', () => '/'],
  [2, 'page', '/c/:slug', (d) => `/c/${pick(d.categories)}`],
  [3, 'page', '/app/:slug', (d) => `/app/${pick(d.slugs)}`],
];
const totalWeight = reads.reduce((sum, [weight]) => sum + weight, 0);

export default function (data) {
  let roll = Math.random() * totalWeight;
  const [, kind, name, path] = reads.find(([weight]) => (roll -= weight) < 0) || reads[0];
  const response = http.get(`${BASE_URL}${path(data)}`, { tags: { kind, name } });
  check(response, { 'status 200': (r) => r.status === 200 });
}
