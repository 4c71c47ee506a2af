// Stands in for k6's built-in modules (k6, k6/http, k6/metrics, k6/experimental/timers) when the unit test
// imports a scenario in Node: k6 itself does not run here. Requests go to `stub.answer`, which a test sets;
// checks and metrics are recorded so a test can read what the script concluded. One state for every copy of
// this module (a test re-imports the scripts, and so this module, for each set of environment variables).
/**
 * @typedef {{ method: string, url: string, body: string | null, params?: unknown }} StubRequest
 * @typedef {{ status: number, body: string }} StubAnswer
 * @type {{
 *   answer: (request: StubRequest) => StubAnswer,
 *   requests: StubRequest[],
 *   checks: { name: string, passed: boolean }[],
 *   metrics: Record<string, unknown>,
 *   reset(): void,
 * }}
 */
export const stub = (globalThis.__k6Stub ??= {
  answer: () => ({ status: 200, body: '[]' }),
  requests: [],
  checks: [],
  metrics: {},
  reset() {
    this.requests = [];
    this.checks = [];
    this.metrics = {};
  },
});

function respond(method, url, body, params) {
  stub.requests.push({ method, url, body, params });
  const { status, body: text } = stub.answer({ method, url, body: body ?? null, params });
  return {
    status,
    body: text,
    json(selector) {
      const value = JSON.parse(text);
      return selector ? selector.split('.').reduce((v, key) => (v == null ? undefined : v[key]), value) : value;
    },
  };
}

const http = {
  get: (url, params) => respond('GET', url, null, params),
  post: (url, body, params) => respond('POST', url, body, params),
  batch: (requests) =>
    requests.map((r) => (Array.isArray(r) ? respond(r[0], r[1], r[2], r[3]) : respond(r.method, r.url, r.body, r.params))),
};
export default http;

export function check(value, checks) {
  let all = true;
  for (const [name, predicate] of Object.entries(checks)) {
    const passed = Boolean(predicate(value));
    stub.checks.push({ name, passed });
    all &&= passed;
  }
  return all;
}

export function fail(message) {
  throw new Error(message);
}

export function sleep() {}

class Metric {
  constructor(name) {
    this.name = name;
    stub.metrics[name] ??= [];
  }
  add(value) {
    (stub.metrics[this.name] ??= []).push(value);
  }
}
export class Counter extends Metric {}
export class Trend extends Metric {}
export class Rate extends Metric {}
export class Gauge extends Metric {}

export const setTimeout = globalThis.setTimeout;
export const clearTimeout = globalThis.clearTimeout;
export const setInterval = globalThis.setInterval;
export const clearInterval = globalThis.clearInterval;
