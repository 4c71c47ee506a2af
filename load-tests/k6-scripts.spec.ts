/**
 * What a short real run (k6-runs.e2e-spec.ts) cannot show. A real k6, when one is found (K6_BIN, or k6 on the
 * PATH), loads each scenario (`k6 inspect`), without a server. Each scenario also loads as a plain ES module
 * (k6's own modules stubbed, see testing/k6-stub.js): it imports nothing k6 0.48 lacks (a newer k6 would take
 * more), takes BASE_URL and its rate/duration from the environment, has thresholds in k6's syntax that fail the
 * run on the targets, and runs setup() and one iteration against a stub server with every check passing. The
 * waitlist burst is also shown to catch a repeated position, which the real server never gives.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stub } from './testing/k6-stub.js';

const DIR = import.meta.dirname;
const SCRIPTS = readdirSync(DIR).filter((file) => file.endsWith('.js'));
const BASE_URL = 'http://target.test:8080';
const ALLOWED_IMPORTS = /^(k6|k6\/http|k6\/metrics|k6\/execution|k6\/experimental\/timers|\.\/lib\/[\w-]+\.js)$/;
// k6 threshold expressions: aggregation, operator, number.
const THRESHOLD = /^(p\(\d+(\.\d+)?\)|avg|min|max|med|rate|count|value)\s*(<|<=|>|>=|==|===|!=)\s*\d+(\.\d+)?$/;
const EXECUTORS = [
  'constant-arrival-rate',
  'ramping-arrival-rate',
  'constant-vus',
  'ramping-vus',
  'per-vu-iterations',
  'shared-iterations',
];

interface Script {
  options: { scenarios: Record<string, Record<string, unknown>>; thresholds: Record<string, string[]> };
  setup?: () => unknown;
  default: (data: unknown) => void;
}

async function load(file: string, env: Record<string, string> = {}): Promise<Script> {
  vi.resetModules();
  Object.assign(globalThis, { __ENV: { BASE_URL, ...env }, __VU: 1, __ITER: 0 });
  return (await import(join(DIR, file))) as Script;
}

afterEach(() => stub.reset());

/** A stand-in for Unsheet answering each request the scenarios make, with the shape the real API answers. */
function fakeUnsheet(options: { repeatPosition?: number } = {}) {
  let position = 0;
  let code = 0;
  return ({ method, url, body }: { method: string; url: string; body: string | null }) => {
    const path = url.slice(BASE_URL.length).split('?')[0]!;
    const ok = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });
    if (method === 'GET' && path === '/api/apps') return ok(200, { items: [{ slug: 'invoice-chaser' }, { slug: 'shift-planner' }] });
    if (method === 'GET' && path === '/api/categories') return ok(200, [{ slug: 'finance' }]);
    if (method === 'GET') return ok(200, {});
    if (path === '/api/leads') {
      position += 1;
      const given = position === options.repeatPosition ? position - 1 : position;
      return ok(201, {
        position: given,
        refCode: `CODE${(code++).toString(36).toUpperCase().padStart(2, '0')}`,
        spotsLeft: 0,
        alreadyJoined: false,
      });
    }
    if (path === '/api/analytics/collect') return ok(202, { accepted: JSON.parse(body!).events.length, dropped: 0 });
    if (path === '/api/auth/sign-in') return ok(200, { accessToken: 'token-1' });
    const click = /^\/api\/referrals\/\w+\/clicks$/.exec(path);
    if (click) {
      const { via, utm_source, referrer } = JSON.parse(body!) as Record<string, string>;
      const platform = via ?? utm_source ?? (referrer?.includes('reddit') ? 'reddit' : referrer?.includes('t.me') ? 'telegram' : 'direct');
      return ok(201, { platform });
    }
    return ok(404, { code: 'NOT_FOUND' });
  };
}

it('finds the five scenarios', () => {
  expect(SCRIPTS.sort()).toEqual(['admin-dashboard.js', 'analytics-ingest.js', 'browse.js', 'referral-clicks.js', 'waitlist-burst.js']);
});

/** A real k6 when there is one: K6_BIN (`.ci/run` sets it to ../shared/tools/k6), or `k6` on the PATH. */
function realK6(): string | null {
  const candidates = [process.env.K6_BIN, 'k6'].filter((bin): bin is string => Boolean(bin));
  for (const bin of candidates) {
    try {
      execFileSync(bin, ['version'], { stdio: 'ignore' });
      return bin;
    } catch {
      // not this one
    }
  }
  return null;
}
const K6 = realK6();

// The stubs above run the scripts on Node, whose parser takes syntax k6 0.48's compiler refuses (numeric
// separators, object spread): the real k6 must load each one.
describe.skipIf(K6 === null)(`on the real k6 (${K6 ?? 'none found: set K6_BIN or put k6 on the PATH; skipped'})`, () => {
  it.each(SCRIPTS)('loads %s (k6 inspect)', (file) => {
    expect(() => execFileSync(K6!, ['inspect', join(DIR, file)], { stdio: 'pipe' })).not.toThrow();
  });
});

describe.each(SCRIPTS)('%s', (file) => {
  const source = readFileSync(join(DIR, file), 'utf8');

  it('imports only modules k6 0.48 has (no k6/browser, no k6/secrets) and local helpers', () => {
    const imports = [...source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name).toMatch(ALLOWED_IMPORTS);
    // Nothing loaded around the static imports either.
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it('has thresholds in k6 syntax that fail the run on latency and errors', async () => {
    const { options } = await load(file);
    const entries = Object.entries(options.thresholds);
    for (const [, expressions] of entries) {
      expect(expressions.length).toBeGreaterThan(0);
      for (const expression of expressions) expect(expression).toMatch(THRESHOLD);
    }
    const latency = entries.filter(([metric]) => metric.startsWith('http_req_duration')).flatMap(([, e]) => e);
    expect(latency.some((e) => /^p\(99\)<\d+$/.test(e))).toBe(true);
    expect(options.thresholds.http_req_failed).toEqual(['rate<0.01']);
    for (const scenario of Object.values(options.scenarios)) expect(EXECUTORS).toContain(scenario.executor);
  });

  it('sends every request to BASE_URL and passes its checks against a working server', async () => {
    const script = await load(file, { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'secret-1', BURST: '20', THINK: '0' });
    stub.answer = fakeUnsheet();
    const data = script.setup?.();
    script.default(data);
    expect(stub.requests.length).toBeGreaterThan(0);
    for (const request of stub.requests) expect(request.url.startsWith(`${BASE_URL}/`)).toBe(true);
    expect(stub.checks.length).toBeGreaterThan(0);
    expect(stub.checks.filter((c) => !c.passed)).toEqual([]);
  });
});

describe('parameters', () => {
  it.each(['browse.js', 'analytics-ingest.js', 'referral-clicks.js', 'admin-dashboard.js'])('%s takes RATE and DURATION', async (file) => {
    const { options } = await load(file, { RATE: '123', DURATION: '7s' });
    const [scenario] = Object.values(options.scenarios);
    expect(scenario).toMatchObject({ executor: 'constant-arrival-rate', rate: 123, duration: '7s', timeUnit: '1s' });
  });

  it('waitlist-burst.js takes BURST and BURSTS and sends a burst all at once', async () => {
    const { options } = (await load('waitlist-burst.js', { BURST: '50', BURSTS: '3' })) as Script & { options: { batchPerHost: number } };
    expect(options.scenarios.bursts).toMatchObject({ executor: 'per-vu-iterations', vus: 1, iterations: 3 });
    expect(options.batchPerHost).toBe(50);
    expect(options.thresholds['http_req_duration{name:join}']).toEqual(['p(99)<100']);
  });

  it('analytics-ingest.js sends batches of at most 20 events, each a valid tracker event', async () => {
    const script = await load('analytics-ingest.js', { THINK: '0' });
    stub.answer = fakeUnsheet();
    for (let i = 0; i < 20; i++) script.default(undefined);
    const { collectBatchSchema } = await import('../contracts/analytics/collect.js');
    const batches = stub.requests.map((r) => JSON.parse(r.body!) as { events: { type: string }[] });
    for (const batch of batches) {
      expect(batch.events.length).toBeLessThanOrEqual(20);
      expect(collectBatchSchema.safeParse(batch).error?.issues).toBeUndefined();
    }
    const types = new Set(batches.flatMap((b) => b.events.map((e) => e.type)));
    expect([...types].sort()).toEqual(['interaction', 'page_time', 'page_view', 'session_end', 'session_start']);
  });
});

it('waitlist-burst.js counts a position given twice', async () => {
  const script = await load('waitlist-burst.js', { BURST: '10' });
  stub.answer = fakeUnsheet({ repeatPosition: 9 });
  script.default(script.setup!());
  expect(stub.metrics.waitlist_duplicate_positions).toEqual([1]);
  expect(stub.metrics.waitlist_bursts_with_gaps).toEqual([1]);
});
