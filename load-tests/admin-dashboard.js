// k6 scenario: the admin dashboard's reads. Each iteration loads the dashboard the way the console does, all
// its reads in parallel: engagement metrics, the daily series, traffic sources, UTM campaigns, bot traffic,
// search queries (the last 30 days), plus the early-access status and the referral leaderboard.
// Authenticates with ADMIN_TOKEN (an access token), or signs in with ADMIN_EMAIL and ADMIN_PASSWORD
// (`npm run admin:grant -- admin@example.com --password '…'` makes such an account). An access token
// expires (15 minutes): keep DURATION under that, or sign in.
// Run: k6 run -e BASE_URL=http://localhost:3000 -e ADMIN_EMAIL=… -e ADMIN_PASSWORD=… -e RATE=20 load-tests/admin-dashboard.js
// Plain JavaScript for k6 >= 0.48.
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, envNumber, envString, JSON_HEADERS } from './lib/env.js';

export const options = {
  scenarios: {
    dashboard: {
      executor: 'constant-arrival-rate',
      rate: envNumber('RATE', 20),
      timeUnit: '1s',
      duration: envString('DURATION', '1m'),
      preAllocatedVUs: envNumber('VUS', 20),
      maxVUs: envNumber('MAX_VUS', 200),
    },
  },
  // The dashboard's reads leave together, as the browser sends them.
  batchPerHost: 10,
  thresholds: {
    // Aggregates over a range of days, read from the projections: p99 under 200 ms each.
    'http_req_duration{kind:admin}': ['p(99)<200'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count<1'],
  },
};

export function setup() {
  const token = envString('ADMIN_TOKEN', '');
  if (token) return { token };
  const email = envString('ADMIN_EMAIL', '');
  const password = envString('ADMIN_PASSWORD', '');
  if (!email || !password) fail('set ADMIN_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD');
  const response = http.post(`${BASE_URL}/api/auth/sign-in`, JSON.stringify({ email, password }), { headers: JSON_HEADERS });
  if (response.status !== 200) fail(`sign-in failed: ${response.status} ${response.body}`);
  return { token: response.json('accessToken') };
}

function day(offset) {
  return new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
}

export default function (data) {
  const range = `from=${day(-29)}&to=${day(0)}`;
  const params = (name) => ({ headers: { Authorization: `Bearer ${data.token}` }, tags: { kind: 'admin', name } });
  const reads = [
    ['engagement', `/api/admin/analytics/engagement?${range}`],
    ['daily', `/api/admin/analytics/daily?${range}`],
    ['traffic-sources', `/api/admin/analytics/traffic-sources?${range}`],
    ['utm-campaigns', `/api/admin/analytics/utm-campaigns?${range}`],
    ['bots', `/api/admin/analytics/bots?${range}`],
    ['search-queries', `/api/admin/analytics/search-queries?${range}`],
    ['status', '/api/early-access/status'],
    ['leaderboard', '/api/referrals/leaderboard'],
  ];
  const responses = http.batch(reads.map(([name, path]) => ['GET', `${BASE_URL}${path}`, null, params(name)]));
  responses.forEach((response, i) => check(response, { [`${reads[i][0]} 200`]: (r) => r.status === 200 }));
}
