// k6 scenario: visitors following shared referral links. Each iteration is one visit through a link: the
// click is recorded (platform from via, utm_source or the referrer) and the landing page reads the code's
// stats. The links belong to leads created in setup().
// Run: k6 run -e BASE_URL=http://localhost:3000 -e RATE=200 -e DURATION=1m load-tests/referral-clicks.js
// The server must let one address make that many public writes: start it with RATE_LIMIT_FACTOR=100000.
// Plain JavaScript for k6 >= 0.48.
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, envNumber, envString, JSON_HEADERS, pick } from './lib/env.js';

export const options = {
  scenarios: {
    clicks: {
      executor: 'constant-arrival-rate',
      rate: envNumber('RATE', 200),
      timeUnit: '1s',
      duration: envString('DURATION', '1m'),
      preAllocatedVUs: envNumber('VUS', 50),
      maxVUs: envNumber('MAX_VUS', 400),
    },
  },
  thresholds: {
    // A click is a public write (one event appended): p99 under 100 ms, like a join.
    'http_req_duration{name:click}': ['p(99)<100'],
    // The share page's stats are a read of a projection: p99 under 30 ms, like the catalogue's.
    'http_req_duration{name:referral}': ['p(99)<30'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count<1'],
  },
};

export function setup() {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const codes = [];
  for (let i = 0; i < envNumber('LINKS', 20); i++) {
    const response = http.post(`${BASE_URL}/api/leads`, JSON.stringify({ email: `k6-sharer-${run}-${i}@example.com` }), {
      headers: JSON_HEADERS,
    });
    if (response.status !== 201) fail(`could not create a lead: ${response.status} ${response.body}`);
    codes.push(response.json('refCode'));
  }
  return { codes };
}

// How shared links arrive: [body of the click, platform the server should work out]
const VISITS = [
  [{ via: 'twitter' }, 'twitter'],
  [{ via: 'whatsapp' }, 'whatsapp'],
  [{ utm_source: 'linkedin' }, 'linkedin'],
  [{ referrer: 'https://www.reddit.com/r/smallbusiness/' }, 'reddit'],
  [{ referrer: 'https://t.me/' }, 'telegram'],
  [{ via: 'email' }, 'email'],
  [{}, 'direct'],
];

export default function (data) {
  const code = pick(data.codes);
  const [body, platform] = pick(VISITS);
  const click = http.post(`${BASE_URL}/api/referrals/${code}/clicks`, JSON.stringify(body), {
    headers: Object.assign({}, JSON_HEADERS, { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' }),
    tags: { name: 'click' },
  });
  check(click, { 'click recorded with its platform': (r) => r.status === 201 && r.json('platform') === platform });
  const stats = http.get(`${BASE_URL}/api/referrals/${code}`, { tags: { name: 'referral' } });
  check(stats, { 'stats read': (r) => r.status === 200 });
}
