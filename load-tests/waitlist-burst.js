// k6 scenario: a burst of sign-ups (a launch post, a newsletter going out). Each iteration sends BURST joins
// at once (http.batch, all in parallel), from fresh e-mail addresses, a share of them through referral
// links, and checks what the early-access promise rests on: every join answered 201 with a position that no
// other join got, and the positions of a burst contiguous (nothing else joins meanwhile on a test server).
// One VU runs the bursts one after another, so it sees every position: none may repeat across bursts either.
// Run: k6 run -e BASE_URL=http://localhost:3000 -e BURST=200 -e BURSTS=10 load-tests/waitlist-burst.js
// The server must let one address make that many public writes: start it with RATE_LIMIT_FACTOR=100000.
// Plain JavaScript for k6 >= 0.48.
import http from 'k6/http';
import { check, fail } from 'k6';
import { Counter } from 'k6/metrics';
import { BASE_URL, envNumber, JSON_HEADERS } from './lib/env.js';

const BURST = envNumber('BURST', 200);
const REFERRED_SHARE = envNumber('REFERRED_SHARE', 0.3);
const duplicatePositions = new Counter('waitlist_duplicate_positions');
const burstsWithGaps = new Counter('waitlist_bursts_with_gaps');

export const options = {
  scenarios: {
    bursts: {
      executor: 'per-vu-iterations',
      vus: 1,
      iterations: envNumber('BURSTS', 10),
      maxDuration: '10m',
    },
  },
  // All of a burst's requests in flight together (k6 allows 6 per host by default).
  batch: BURST,
  batchPerHost: BURST,
  thresholds: {
    // The target: joins answered within 100 ms (p99) while BURST of them arrive together.
    'http_req_duration{name:join}': ['p(99)<100'],
    'checks{check:joined}': ['rate==1'],
    waitlist_duplicate_positions: ['count==0'],
    waitlist_bursts_with_gaps: ['count==0'],
    http_req_failed: ['rate<0.01'],
  },
};

/** A few leads whose referral links the burst's referred joins come through. */
export function setup() {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const referrers = [];
  for (let i = 0; i < 5; i++) {
    const response = http.post(
      `${BASE_URL}/api/leads`,
      JSON.stringify({ email: `k6-referrer-${run}-${i}@example.com`, source_page: '/' }),
      {
        headers: JSON_HEADERS,
      },
    );
    if (response.status !== 201) fail(`could not create a referrer: ${response.status} ${response.body}`);
    referrers.push(response.json('refCode'));
  }
  return { run, referrers };
}

const seen = new Set();

export default function (data) {
  const requests = [];
  for (let i = 0; i < BURST; i++) {
    const referred = Math.random() < REFERRED_SHARE;
    const body = {
      email: `k6-${data.run}-${__ITER}-${i}@example.com`,
      source_page: referred ? '/?ref=' : '/',
      ref: referred ? data.referrers[i % data.referrers.length] : null,
    };
    requests.push({
      method: 'POST',
      url: `${BASE_URL}/api/leads`,
      body: JSON.stringify(body),
      params: { headers: JSON_HEADERS, tags: { name: 'join' } },
    });
  }
  const positions = [];
  for (const response of http.batch(requests)) {
    const ok = response.status === 201 && response.json('alreadyJoined') === false && Number.isInteger(response.json('position'));
    check(response, { joined: () => ok });
    if (!ok) continue;
    const position = response.json('position');
    if (seen.has(position)) duplicatePositions.add(1);
    seen.add(position);
    positions.push(position);
  }
  positions.sort((a, b) => a - b);
  const contiguous = new Set(positions).size === BURST && positions[positions.length - 1] - positions[0] === BURST - 1;
  if (!contiguous) burstsWithGaps.add(1);
}
