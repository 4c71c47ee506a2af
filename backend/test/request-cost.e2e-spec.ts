/**
 * What one anonymous request may cost (docs/security.md, "What one anonymous request may cost"). Every route
 * outside /api/admin in the router's own table (one that wants a signed-in user too: its refusal is what a
 * visitor gets) is sent the worst request its own limits allow, built from its OpenAPI operation
 * (request-cost.ts: every field, strings at their longest, lists at their fullest), and the tracker full
 * batches of each event type of its contract. Each request is measured (rows and bytes left in PostgreSQL,
 * CPU of the request, work of the projections) and held to request-budgets.ts. A route or event type added
 * later is measured without being listed; a write whose generated body is refused as invalid fails here until
 * it gets a hand-written one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectBatchSchema, trackerEventSchema } from '../../contracts/analytics/collect.js';
import { LIMITS, MAX_EVENTS_PER_BATCH } from '../../contracts/analytics/limits.js';
import { BOT_UA, BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { isAdminPath } from '../src/identity/http/auth.guard.js';
import { buildProjections } from '../src/projections.js';
import { openApiSchema } from '../src/shared/http/zod.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { MAX_JSON_BODY } from '../src/bootstrap.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { routeTable } from './auth-helpers.js';
import { confirmationLink, joinAnswer } from './waitlist-helpers.js';
import { BUDGETS, DEFAULT_BUDGET, type Budget } from './request-budgets.js';
import {
  catchUp,
  measure,
  publicTables,
  text,
  worstValue,
  type Cost,
  type JsonSchema,
  type Operation,
  type Worst,
} from './request-cost.js';

const TRACKER = 'POST /api/analytics/collect';
/** Routes of the API documentation itself. */
const isDocsRoute = (path: string) => path.startsWith('/api/docs') || path.startsWith('/api/openapi');

/** Field values the schema cannot tell (a pattern, a value that must exist), by field name. */
const FIELDS: Worst['fields'] = {
  // The honeypot: filled in, the request would be taken for a bot's and dropped.
  website: () => null,
  // A link's token: one that confirms a lead of the test's own, as the visitor holding the welcome e-mail can.
  token: (w) => leadTokens.get(w.variant) ?? 'not-a-token',
  // A path the SPA could not match.
  path: (w) => `/${text(Math.floor(2047 * (w.scale ?? 1)), w)}`,
};
/** Writes that store nothing by design: a question list (POST for its body), signing out with no session. */
const STORES_NOTHING = new Set(['POST /api/quiz/questions', 'POST /api/auth/sign-out']);
/** Whole bodies for the writes whose generated body is refused, by `METHOD /path`. Keep it short. */
const BODIES: Record<string, (worst: Worst) => unknown> = {};

interface Route {
  method: string;
  /** OpenAPI form: /api/apps/{slug}; the SPA's catch-all is /*. */
  path: string;
  operation?: Operation;
}
interface Case {
  label: string;
  /** The budget it is held to. */
  key: string;
  url: string;
  method: string;
  body?: string;
  /** A write whose body was generated: a validation error means the generator needs help. */
  generated?: boolean;
  /** The request's user agent (a browser's when absent). */
  userAgent?: string;
}

let api: ApiHarness;
let runner: ProjectionRunner;
let tables: string[];
let routes: Route[];
/** Values that exist, for path parameters: a request about something real can cost more than one about nothing. */
let known: { appId: string; appSlug: string; categorySlug: string; code: string };
/** Tokens of the confirmation links of leads the test joined, by variant (a lead is confirmed once). */
const leadTokens = new Map<number, string>();

// The pages are put together from the SPA's index.html, which must be built (npm test builds first).
beforeAll(async () => {
  // No workers: the test applies the projections itself after each request, and measures that.
  api = await startApi({ RUN_WORKERS: 'false', DEMO_CATALOGUE: 'true' });
  const db = api.database.handle.db;
  runner = new ProjectionRunner(db, buildProjections(api.config), { batchSize: api.config.PROJECTION_BATCH_SIZE });
  await catchUp(runner);
  tables = await publicTables(db);
  const document = (await api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  const seen = new Set<string>();
  routes = [];
  for (const { method, declared } of routeTable(api.app)) {
    if (isDocsRoute(declared) || isAdminPath(declared) || method === 'HEAD' || method === 'OPTIONS') continue;
    const path = declared.replace(/:(\w+)/g, '{$1}');
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    routes.push({ method, path, operation: document.paths[path]?.[method.toLowerCase()] });
  }
  const apps = (await api.get('/api/apps')).body as { items: { id: string; slug: string }[] };
  const categories = (await api.get('/api/categories')).body as { slug: string }[];
  const issued = await fetch(api.url('/api/referral-codes'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    body: JSON.stringify({ email: 'referrer@example.com' }),
  });
  known = {
    appId: apps.items[0]!.id,
    appSlug: apps.items[0]!.slug,
    categorySlug: categories[0]!.slug,
    code: ((await issued.json()) as { code: string }).code,
  };
  for (const variant of [0, 1, 2, 35]) {
    const email = `confirm-${variant}@example.com`;
    await joinAnswer(api, { email });
    await catchUp(runner);
    leadTokens.set(variant, new URL(await confirmationLink(api, email)).searchParams.get('token')!);
  }
  await catchUp(runner);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** A path parameter's value: one that exists, or one never seen (as long as the route takes). */
function pathValue(route: Route, name: string, existing: boolean): string {
  if (name === 'code') return existing ? known.code : 'ZZ9ZZ9';
  if (name === 'id') return existing ? known.appId : randomUUID();
  if (name === 'part') return existing ? '1' : '999';
  if (name === 'slug') {
    if (!existing) return 'a'.repeat(route.operation?.parameters?.find((p) => p.name === name)?.schema?.maxLength ?? 100);
    return /categor|^\/c\//.test(route.path) ? known.categorySlug : known.appSlug;
  }
  return existing ? 'a' : randomUUID();
}

function casesFor(route: Route, kind: Worst): Case[] {
  const worst: Worst = { ...kind, fields: FIELDS };
  const key = `${route.method} ${route.path}`;
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const paths =
    route.path === '/*'
      ? // The SPA's catch-all: an unknown path as long as a request line may be.
        [`/${text(7000, worst)}`]
      : [true, false]
          .slice(0, names.length > 0 ? 2 : 1)
          .map((existing) => route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValue(route, name, existing))));
  const queryParameters = (route.operation?.parameters ?? []).filter((p) => p.in === 'query');
  const query = route.operation
    ? queryParameters.map((p) => `${p.name}=${encodeURIComponent(String(worstValue(p.schema ?? {}, p.name, worst)))}`)
    : [`ref=${'a'.repeat(2000)}`];
  const search = query.length > 0 ? `?${query.join('&')}` : '';
  const schema = route.operation?.requestBody?.content?.['application/json']?.schema;
  const hand = BODIES[key];
  const body =
    route.method === 'GET'
      ? undefined
      : hand
        ? JSON.stringify(hand(worst))
        : schema
          ? JSON.stringify(worstValue(schema, '', worst))
          : undefined;
  return paths.map((path) => ({
    label: `${route.method} ${path.slice(0, 80)}`,
    key,
    url: `${path}${search}`,
    method: route.method,
    body,
    generated: !hand && !!schema,
  }));
}

/**
 * Full batches of each event type: fresh ids (never seen), one id repeated in every event, one session with
 * events of their own, an app that exists.
 * Where 50 events at their longest do not fit in a body, both the most such events that fit and 50 events
 * with their strings cut to fit.
 */
function trackerCases(kind: Worst): Case[] {
  const cases: Case[] = [];
  for (const option of trackerEventSchema.options) {
    const type = option.shape.type.value;
    const schema = openApiSchema(option, 'input') as JsonSchema;
    const fields: Worst['fields'] = {
      ...FIELDS,
      metadata: (w) => ({ note: text(Math.floor((LIMITS.metadataBytes - 20) * (w.scale ?? 1)), w) }),
      referrer: (w) => `https://example.com/${text(Math.floor((LIMITS.referrer - 20) * (w.scale ?? 1)), w)}`,
    };
    const batch = (count: number, scale: number, extra: Record<string, unknown> = {}) =>
      Array.from({ length: count }, (_, i) => ({
        ...(worstValue(schema, '', { ...kind, variant: kind.variant + i, scale, fields }) as object),
        ...extra,
      }));
    const fits = (events: unknown[]) => JSON.stringify({ events }).length <= MAX_JSON_BODY;
    const shapes: [string, number, number][] = [];
    if (fits(batch(MAX_EVENTS_PER_BATCH, 1))) shapes.push(['', MAX_EVENTS_PER_BATCH, 1]);
    else {
      let count = MAX_EVENTS_PER_BATCH;
      while (count > 1 && !fits(batch(count, 1))) count--;
      let [low, high] = [0, 1];
      for (let step = 0; step < 10; step++) {
        const middle = (low + high) / 2;
        if (fits(batch(MAX_EVENTS_PER_BATCH, middle))) low = middle;
        else high = middle;
      }
      shapes.push([', longest fields', count, 1], [`, strings at ${Math.round(low * 100)}%`, MAX_EVENTS_PER_BATCH, low]);
    }
    const ids = Object.entries(schema.properties ?? {})
      .filter(([, property]) => [property, ...(property.anyOf ?? [])].some((s) => s.format === 'uuid'))
      .map(([name]) => name);
    for (const [shape, count, scale] of shapes) {
      const variants: [string, unknown[], string?][] = [
        ['ids never seen', batch(count, scale)],
        // A bot's batch is kept like a person's and classified by the projection: held to the same budget.
        ['ids never seen, from a bot', batch(count, scale), BOT_UA],
        ['one id repeated', batch(count, scale, Object.fromEntries(ids.map((name) => [name, randomUUID()])))],
        // One visitor's session, each event of its own (the per-session and per-visitor bounds).
        [
          'one session',
          batch(
            count,
            scale,
            Object.fromEntries(['sessionId', 'visitorId'].filter((name) => ids.includes(name)).map((name) => [name, randomUUID()])),
          ),
        ],
      ];
      if (ids.includes('appId')) variants.push(['an app that exists', batch(count, scale, { appId: known.appId })]);
      for (const [name, events, userAgent] of variants) {
        const body = { events };
        expect(collectBatchSchema.safeParse(body).success, `${type} (${name}): the batch is valid`).toBe(true);
        cases.push({
          label: `${TRACKER} ${type} × ${events.length}${shape}, ${name}${kind.random ? ', random text' : ''}`,
          key: TRACKER,
          url: '/api/analytics/collect',
          method: 'POST',
          body: JSON.stringify(body),
          userAgent,
        });
      }
    }
  }
  return cases;
}

function send(testCase: Case): Promise<Response> {
  const headers: Record<string, string> = { 'user-agent': testCase.userAgent ?? BROWSER_UA };
  if (testCase.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(api.url(testCase.url), { method: testCase.method, headers, body: testCase.body });
}

const round = (n: number) => Math.round(n * 10) / 10;

describe('what one anonymous request may cost', () => {
  it('holds the worst request of every public route and tracker event type to its budget', async () => {
    const db = api.database.handle.db;
    const problems: string[] = [];
    const worst = new Map<string, Cost & { status: string }>();
    const tracker = routes.find((r) => `${r.method} ${r.path}` === TRACKER);
    expect(tracker, 'the tracker route').toBeDefined();
    const others = routes.filter((r) => r !== tracker);
    // Warm-up (variant 35, kept apart from the measured ones): the first call of a route compiles its code.
    const warm = { variant: 35 };
    for (const testCase of [...others.flatMap((r) => casesFor(r, warm)), ...trackerCases(warm)]) await (await send(testCase)).arrayBuffer();
    await catchUp(runner);
    // A new request, a near-duplicate of it, one of random text (which does not compress), then the first again.
    const series = (make: (kind: Worst) => Case[]) => [
      ...make({ variant: 0 }),
      ...make({ variant: 1 }),
      ...make({ variant: 2, random: true }),
      ...make({ variant: 0 }),
    ];
    const cases = [...others.flatMap((route) => series((v) => casesFor(route, v))), ...series(trackerCases)];
    for (const testCase of cases) {
      const budget: Budget = BUDGETS[testCase.key] ?? DEFAULT_BUDGET;
      const { status, text, cost } = await measure(db, tables, runner, () => send(testCase));
      // CPU time is noisy (a garbage collection can land in any request): over budget, the same request is
      // timed again, and its best time counts. Rows and bytes are the first request's.
      for (let retry = 0; retry < 2 && (cost.cpuMs > budget.cpuMs || cost.projectionCpuMs > budget.projectionCpuMs); retry++) {
        const again = (await measure(db, tables, runner, () => send(testCase))).cost;
        cost.cpuMs = Math.min(cost.cpuMs, again.cpuMs);
        cost.projectionCpuMs = Math.min(cost.projectionCpuMs, again.projectionCpuMs);
      }
      const label = `${testCase.label}${testCase.body ? ` ${testCase.body.slice(0, 60)}` : ''}`;
      if (status >= 500) problems.push(`${label}: answered ${status}: ${text.slice(0, 200)}`);
      if (testCase.generated && status === 400 && /"fields"/.test(text)) {
        problems.push(`${testCase.key}: refused its generated body (add it to BODIES or FIELDS): ${text.slice(0, 300)}`);
      }
      const measured: Record<keyof Budget, number> = {
        rows: cost.rows,
        kb: cost.bytes / 1024,
        cpuMs: cost.cpuMs,
        projected: cost.projected,
        projectionCpuMs: cost.projectionCpuMs,
      };
      for (const measure of Object.keys(budget) as (keyof Budget)[]) {
        if (measured[measure] > budget[measure]) {
          problems.push(
            `${label} (${status}): ${measure} ${round(measured[measure])} over its budget of ${budget[measure]} (${cost.grew.join(', ')})`,
          );
        }
      }
      if (process.env.REQUEST_COST_VERBOSE) console.log(testCase.label, status, Math.round(cost.cpuMs), cost.grew.join(', '));
      const sofar = worst.get(testCase.key);
      worst.set(testCase.key, {
        grew: [],
        status:
          sofar && !sofar.status.split('/').includes(String(status)) ? `${sofar.status}/${status}` : (sofar?.status ?? String(status)),
        rows: Math.max(sofar?.rows ?? 0, cost.rows),
        bytes: Math.max(sofar?.bytes ?? 0, cost.bytes),
        cpuMs: Math.max(sofar?.cpuMs ?? 0, cost.cpuMs),
        projected: Math.max(sofar?.projected ?? 0, cost.projected),
        projectionCpuMs: Math.max(sofar?.projectionCpuMs ?? 0, cost.projectionCpuMs),
        projectionMs: Math.max(sofar?.projectionMs ?? 0, cost.projectionMs),
      });
    }
    console.table(
      Object.fromEntries(
        [...worst].map(([key, c]) => [
          key,
          {
            status: c.status,
            rows: c.rows,
            kb: round(c.bytes / 1024),
            cpuMs: round(c.cpuMs),
            projected: c.projected,
            projectionCpuMs: round(c.projectionCpuMs),
            projectionMs: round(c.projectionMs),
          },
        ]),
      ),
    );
    for (const key of Object.keys(BUDGETS)) {
      if (!worst.has(key)) problems.push(`${key} has a budget but is no longer a public route: update request-budgets.ts`);
    }
    // A write accepted every time that stored nothing was likely taken for a bot's (the honeypot filled in,
    // say): its real cost went unmeasured.
    for (const [key, c] of worst) {
      const accepted = c.status.split('/').every((status) => status.startsWith('2'));
      if (!key.startsWith('GET ') && accepted && c.rows === 0 && !STORES_NOTHING.has(key)) {
        problems.push(
          `${key} accepted its worst requests and stored nothing: give it a body that is not dropped, or list it in STORES_NOTHING`,
        );
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
