// k6 scenario: visitors browsing the catalogue (home data, a category, an app, a search).
// Run: k6 run -e BASE_URL=http://localhost:3000 -e RATE=200 -e DURATION=1m load-tests/browse.js
// Plain JavaScript for k6 >= 0.48 (no TypeScript, no k6/browser).
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';

export const options = {
  scenarios: {
    browse: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 200),
      timeUnit: '1s',
      duration: __ENV.DURATION || '1m',
      preAllocatedVUs: 50,
      maxVUs: 400,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(99)<30'],
    checks: ['rate>0.99'],
  },
};

export function setup() {
  const apps = http.get(`${BASE_URL}/api/apps`).json();
  const categories = http.get(`${BASE_URL}/api/categories`).json();
  return { slugs: apps.map((a) => a.slug), categories: categories.map((c) => c.slug) };
}

const terms = ['invoice', 'shift', 'sales', 'support', 'stock', ''];

export default function (data) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const responses = http.batch([
    ['GET', `${BASE_URL}/api/apps/top?limit=12`],
    ['GET', `${BASE_URL}/api/categories/${pick(data.categories)}`],
    ['GET', `${BASE_URL}/api/apps/${pick(data.slugs)}`],
    ['GET', `${BASE_URL}/api/apps/search?q=${pick(terms)}`],
  ]);
  check(responses, { 'all 200': (rs) => rs.every((r) => r.status === 200) });
}
