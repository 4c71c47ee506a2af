// k6 scenario: visitor analytics arriving from the first-party tracker. Each iteration is one visit: a session
// start with its attribution, page views (each followed by the time spent on the page when the visitor
// moves on), some app interactions and the session end on page hide. Events go out the way the tracker
// batches them (frontend/src/lib/analytics/batch-queue.ts): a POST per 20 events or after 5 s, and
// whatever is left when the page is hidden. About 12 events per visit on average, so RATE=420 is about
// 5,000 events/s.
// Run: k6 run -e BASE_URL=http://localhost:3000 -e RATE=420 -e DURATION=2m -e THINK=1 load-tests/analytics-ingest.js
// Plain JavaScript for k6 >= 0.48.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Counter } from 'k6/metrics';
import { BASE_URL, envNumber, envString, JSON_HEADERS, pick, uuid } from './lib/env.js';

const MAX_BATCH_EVENTS = 20;
const FLUSH_INTERVAL_SECONDS = 5;
const THINK = envNumber('THINK', 1); // seconds a page stays open, compressed: the real time on page is reported

const eventsAccepted = new Counter('analytics_events_accepted');

export const options = {
  scenarios: {
    visits: {
      executor: 'constant-arrival-rate',
      rate: envNumber('RATE', 100),
      timeUnit: '1s',
      duration: envString('DURATION', '1m'),
      preAllocatedVUs: envNumber('VUS', 200),
      maxVUs: envNumber('MAX_VUS', 2000),
    },
  },
  thresholds: {
    // The ingest target: a batch is validated, enriched and appended in one INSERT, p99 under 50 ms.
    'http_req_duration{name:collect}': ['p(99)<50'],
    http_req_failed: ['rate<0.01'],
    // Every batch answered 202 with every event accepted (none taken for a bot, none refused).
    checks: ['rate>0.999'],
    dropped_iterations: ['count<1'],
  },
};

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
];

const NONE = { source: null, medium: null, campaign: null, term: null, content: null };
const NO_CLICK = { gclid: null, msclkid: null, fbclid: null };
// Where visits come from, as the tracker attributes them (attribution.ts).
const ARRIVALS = [
  { query: '', referrer: null, utm: NONE, clickIds: NO_CLICK, parsedReferrer: null, trafficType: 'direct', campaignSource: null },
  {
    query: '',
    referrer: 'https://www.google.com/',
    utm: NONE,
    clickIds: NO_CLICK,
    parsedReferrer: 'google',
    trafficType: 'search',
    campaignSource: null,
  },
  {
    query: '',
    referrer: 'https://duckduckgo.com/',
    utm: NONE,
    clickIds: NO_CLICK,
    parsedReferrer: 'duckduckgo',
    trafficType: 'search',
    campaignSource: null,
  },
  {
    query: '',
    referrer: 'https://www.linkedin.com/',
    utm: NONE,
    clickIds: NO_CLICK,
    parsedReferrer: 'linkedin',
    trafficType: 'social',
    campaignSource: null,
  },
  {
    query: '',
    referrer: 'https://chatgpt.com/',
    utm: NONE,
    clickIds: NO_CLICK,
    parsedReferrer: 'chatgpt',
    trafficType: 'ai',
    campaignSource: null,
  },
  {
    query: '?utm_source=newsletter&utm_medium=email&utm_campaign=launch',
    referrer: null,
    utm: { source: 'newsletter', medium: 'email', campaign: 'launch', term: null, content: null },
    clickIds: NO_CLICK,
    parsedReferrer: null,
    trafficType: 'referral',
    campaignSource: 'newsletter',
  },
  {
    query: '?gclid=Cj0KCQiA-load-test',
    referrer: 'https://www.google.com/',
    utm: NONE,
    clickIds: { gclid: 'Cj0KCQiA-load-test', msclkid: null, fbclid: null },
    parsedReferrer: 'google',
    trafficType: 'paid',
    campaignSource: 'google_ads',
  },
];

const PAGES = [
  ['/', 'Unsheet — AI tools that replace spreadsheets'],
  ['/c/finance', 'Finance tools — Unsheet'],
  ['/c/operations', 'Operations tools — Unsheet'],
  ['/app/invoice-chaser', 'Invoice Chaser — Unsheet'],
  ['/app/shift-planner', 'Shift Planner — Unsheet'],
  ['/app/stock-keeper', 'Stock Keeper — Unsheet'],
  ['/quiz', 'Find your tool — Unsheet'],
];
const ACTIONS = ['view', 'view', 'cta_click', 'open_app', 'share', 'quiz_start', 'quiz_complete'];

function keywords(title) {
  return title
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 3 && word !== 'unsheet')
    .slice(0, 10);
}

// The catalogue's apps: the API leaves out interactions with apps it does not have.
export function setup() {
  const apps = http.get(`${BASE_URL}/api/apps?pageSize=100`).json().items;
  return { appIds: Array.isArray(apps) ? apps.map((app) => app.id) : [] };
}

export default function (data) {
  const appIds = data && data.appIds.length > 0 ? data.appIds : null;
  const userAgent = pick(BROWSERS);
  const headers = Object.assign({}, JSON_HEADERS, { 'User-Agent': userAgent });
  const origin = 'https://unsheet.app';
  const sessionId = uuid();
  const arrival = pick(ARRIVALS);
  const pages = 1 + Math.floor(Math.random() * 8);
  let queue = [];
  let lastFlush = Date.now();
  let clock = Date.now(); // the visitor's time, for the times reported: pages stay open longer than THINK

  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH_EVENTS);
      queue = queue.slice(MAX_BATCH_EVENTS);
      const response = http.post(`${BASE_URL}/api/analytics/collect`, JSON.stringify({ events: batch }), {
        headers,
        tags: { name: 'collect' },
      });
      const accepted = response.status === 202 ? response.json('accepted') : 0;
      check(response, { 'batch accepted whole': (r) => r.status === 202 && accepted === batch.length });
      eventsAccepted.add(accepted);
    }
    lastFlush = Date.now();
  };
  const push = (event) => {
    queue.push(event);
    if (queue.length >= MAX_BATCH_EVENTS || (Date.now() - lastFlush) / 1000 >= FLUSH_INTERVAL_SECONDS) flush();
  };
  const iso = () => new Date().toISOString();

  const landing = PAGES[Math.floor(Math.random() * 4)];
  push({
    type: 'session_start',
    sessionId,
    at: iso(),
    visitorId: Math.random() < 0.1 ? null : uuid(), // Do Not Track / GPC: no visitor id
    url: `${origin}${landing[0]}${arrival.query}`,
    referrer: arrival.referrer,
    utm: arrival.utm,
    clickIds: arrival.clickIds,
    parsedReferrer: arrival.parsedReferrer,
    trafficType: arrival.trafficType,
    campaignSource: arrival.campaignSource,
  });
  const started = clock;
  let previousUrl = arrival.referrer;
  for (let i = 0; i < pages; i++) {
    const [path, title] = i === 0 ? landing : pick(PAGES);
    const url = `${origin}${path}`;
    const pageViewId = uuid();
    const openedAt = clock;
    push({ type: 'page_view', sessionId, at: iso(), pageViewId, url, title, referrer: previousUrl, potentialKeywords: keywords(title) });
    if (path.startsWith('/app/') || Math.random() < 0.3) {
      push({
        type: 'interaction',
        sessionId,
        at: iso(),
        eventId: uuid(),
        appId: appIds ? pick(appIds) : null,
        action: pick(ACTIONS),
        metadata: { page: path, position: i },
      });
    }
    sleep(THINK * (0.5 + Math.random()));
    clock += 5000 + Math.floor(Math.random() * 90000);
    push({ type: 'page_time', sessionId, at: iso(), pageViewId, seconds: Math.round((clock - openedAt) / 1000) });
    previousUrl = url;
  }
  push({ type: 'session_end', sessionId, at: iso(), timeOnSite: Math.round((clock - started) / 1000), pagesViewed: pages });
  flush(); // page hide: everything left goes at once
}
