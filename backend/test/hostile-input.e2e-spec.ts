/**
 * Hostile input on every endpoint. The routes come from the router's own table (recordRoutes) and each one's
 * input from its OpenAPI operation (the same zod schemas the handlers validate with), so an endpoint added
 * later is attacked too, and one added without a documented schema fails here instead of being skipped.
 * Every case must answer 4xx with `{ code, message, fields? }`, never a 500, and write nothing (events and
 * every read-model table counted before and after). SQL and markup in free-text fields (a message, a
 * suggestion) are legitimate text: those may be accepted, stored verbatim and escaped where shown
 * (frontend/e2e/stored-xss.e2e.ts); everywhere else they are refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { isAdminPath } from '../src/identity/http/auth.guard.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, routeTable } from './auth-helpers.js';
import type { JsonSchema, Operation } from './request-cost.js';

/** Writes that take no JSON body (a path parameter, a cookie or a query token is their input). */
const BODYLESS = new Set([
  'POST /api/auth/refresh',
  'POST /api/auth/sign-out',
  'POST /api/emails/unsubscribe',
  'POST /api/leads/confirm',
  'POST /api/admin/leads/{id}/referral/void',
  'POST /api/admin/apps/{id}/deactivate',
  'POST /api/admin/apps/{id}/reactivate',
  'POST /api/admin/viral-campaigns/{id}/end',
  'DELETE /api/admin/leads/{id}',
  'POST /api/admin/queues/session',
  'POST /api/admin/sitemap/regenerate',
]);
/** Bodyless writes whose success is an audited admin action (an event), whatever junk comes with them. */
const AUDITED_ACTIONS = new Set(['POST /api/admin/sitemap/regenerate']);
/** Routes of the API documentation itself. */
const isDocsRoute = (path: string) => path.startsWith('/api/docs') || path.startsWith('/api/openapi');

const SQL = "' OR '1'='1'; DROP TABLE events; --";
const MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const CONTROL = 'a\u0000b\u0007c\u001b[31m';
const LONE_SURROGATE = 'a\ud800b';
const LONG = 'x'.repeat(20_000);
/** Replacement patterns of String.replace: text, wherever it is stored or shown. */
const DOLLARS = "$& $` $' $$ $1 $<name> end";
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const UNEXPECTED = 'unexpected_field';

interface Route {
  method: string;
  /** OpenAPI form: /api/apps/{slug}. */
  path: string;
  admin: boolean;
  operation: Operation;
}

let api: ApiHarness;
let adminHeaders: Record<string, string>;
let routes: Route[];
let tables: string[];

beforeAll(async () => {
  // Without workers nothing changes the read models but the requests themselves: counts are exact.
  api = await startApi({ RUN_WORKERS: 'false' });
  adminHeaders = bearer(await createAdmin(api));
  const document = (await api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  const seen = new Set<string>();
  routes = [];
  for (const { method, declared } of routeTable(api.app)) {
    if (!declared.startsWith('/api/') || isDocsRoute(declared) || method === 'HEAD') continue;
    const path = declared.replace(/:(\w+)/g, '{$1}');
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    const operation = document.paths[path]?.[method.toLowerCase()];
    // An undocumented route would be skipped by everything below: refuse it here.
    expect(operation, `${method} ${path} is missing from the OpenAPI document`).toBeDefined();
    routes.push({ method, path, admin: isAdminPath(declared), operation: operation! });
  }
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(api.database.handle.db);
  tables = rows.map((row) => row.table_name);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** Rows of every table (the event log included), in one statement. */
async function rowCounts(): Promise<Record<string, number>> {
  const select = tables.map((table) => `(select count(*) from "${table}")::int as "${table}"`).join(', ');
  const { rows } = await sql.raw<Record<string, number>>(`select ${select}`).execute(api.database.handle.db);
  return rows[0]!;
}

function bodySchema(route: Route): JsonSchema | undefined {
  return route.operation.requestBody?.content?.['application/json']?.schema;
}

/** A plausible value for a schema: the base each case changes one thing of. */
function sample(schema: JsonSchema, name = ''): unknown {
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return sample(variant.find((s) => s.type !== 'null') ?? variant[0]!, name);
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf), name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return `hostile-${Math.random().toString(36).slice(2)}@example.com`;
      if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.com/page';
      if (schema.format === 'date' || /date/i.test(name)) return '2026-11-01';
      if (schema.format === 'date-time') return '2026-11-01T10:00:00.000Z';
      if (schema.format === 'uuid' || /id$/i.test(name)) return '8f0c1f8e-7c55-4f7a-9a55-2f0f0f0f0f0f';
      return 'a'.repeat(Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 8, 8)));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items ?? {}, name));
    case 'object':
    default: {
      const object: Record<string, unknown> = {};
      for (const key of schema.required ?? []) object[key] = sample(schema.properties?.[key] ?? {}, key);
      return object;
    }
  }
}

/** A value of another JSON type than the schema wants. */
function wrongType(schema: JsonSchema): unknown {
  const types = [schema.type, ...(schema.anyOf ?? schema.oneOf ?? []).map((s) => s.type)].flat();
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? { not: 'this' } : 12345;
  if (types.includes('object')) return 'not an object';
  if (types.includes('array')) return 'not a list';
  return 'not a number';
}

/**
 * A string field whose value is free text (no format or list of values): SQL is text there (O'Brien). With
 * no pattern either, markup is text too (a message may quote HTML); a pattern decides for itself.
 */
function isFreeText(schema: JsonSchema, allowPattern = false): boolean {
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return variant.some((s) => s.type !== 'null' && isFreeText(s, allowPattern));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  return type.includes('string') && !schema.format && !schema.enum && (allowPattern || !schema.pattern);
}

function stringProperties(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).filter(([, s]) => {
    const variants = [s, ...(s.anyOf ?? s.oneOf ?? [])];
    return variants.some((v) => v.type === 'string' || (Array.isArray(v.type) && v.type.includes('string')));
  });
}

interface Case {
  name: string;
  path?: string;
  query?: string;
  /** A raw body (already JSON text, or deliberately not). */
  body?: string;
  /** The field the answer must name in `fields`. */
  field?: string;
  /** May be accepted: SQL or markup in a free-text field. */
  mayAccept?: boolean;
}

function bodyCases(route: Route): Case[] {
  const schema = bodySchema(route)!;
  const base = sample(schema) as Record<string, unknown>;
  const cases: Case[] = [
    { name: 'malformed JSON', body: '{"email": "a@example.com",' },
    { name: 'a JSON list', body: '[]' },
    { name: 'a JSON string', body: '"hello"' },
    { name: 'JSON null', body: 'null' },
    { name: 'a number', body: '42' },
    { name: 'an unknown field', body: JSON.stringify({ ...base, [UNEXPECTED]: 1 }), field: UNEXPECTED },
    { name: 'a __proto__ key', body: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"role":"admin"},').replace(',}', '}') },
    { name: 'an oversized body', body: JSON.stringify({ ...base, padding: 'x'.repeat(3 * 1024 * 1024) }) },
    { name: 'a control character in a key', body: JSON.stringify({ ...base, [CONTROL]: 1 }) },
    ...[33, 1_000, 5_000, 30_000].map((depth) => ({ name: `a body nested ${depth} deep`, body: `{"nested":${nested(depth)}}` })),
  ];
  if ((schema.required ?? []).length > 0) {
    cases.push({ name: 'no fields', body: '{}', field: schema.required![0] });
    for (const key of schema.required!) {
      const { [key]: _, ...rest } = base;
      cases.push({ name: `missing ${key}`, body: JSON.stringify(rest), field: key });
    }
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    cases.push({ name: `${key} of the wrong type`, body: JSON.stringify({ ...base, [key]: wrongType(property) }), field: key });
    cases.push({ name: `${key} as a nested object`, body: JSON.stringify({ ...base, [key]: { $gt: '' } }), field: key });
  }
  for (const [key, property] of stringProperties(schema)) {
    cases.push({ name: `a very long ${key}`, body: JSON.stringify({ ...base, [key]: LONG }), field: key });
    cases.push({ name: `control characters in ${key}`, body: JSON.stringify({ ...base, [key]: CONTROL }), field: key });
    cases.push({ name: `a lone surrogate in ${key}`, body: JSON.stringify({ ...base, [key]: LONE_SURROGATE }), field: key });
    const text = isFreeText(property, true);
    const free = isFreeText(property);
    cases.push({ name: `SQL in ${key}`, body: JSON.stringify({ ...base, [key]: SQL }), mayAccept: text, field: text ? undefined : key });
    cases.push({
      name: `markup in ${key}`,
      body: JSON.stringify({ ...base, [key]: MARKUP }),
      mayAccept: free,
      field: free ? undefined : key,
    });
    cases.push({ name: `$ patterns in ${key}`, body: JSON.stringify({ ...base, [key]: DOLLARS }), mayAccept: true });
  }
  return cases;
}

function pathCases(route: Route): Case[] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const fill = (name: string, value: string) =>
    route.path.replace(/\{(\w+)\}/g, (_, other: string) =>
      other === name ? encodeURIComponent(value) : '8f0c1f8e-7c55-4f7a-9a55-2f0f0f0f0f0f',
    );
  return names.flatMap((name) =>
    [SQL, MARKUP, CONTROL, 'x'.repeat(3000), '../../etc/passwd', '%00', '{"$ne":null}'].map((value) => ({
      name: `${JSON.stringify(value.slice(0, 20))} as {${name}}`,
      path: fill(name, value),
    })),
  );
}

function queryCases(route: Route): Case[] {
  const parameters = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  return parameters.flatMap(({ name, schema = {} }) => {
    const numeric = ['integer', 'number'].includes(String(schema.type));
    return [
      { name: `${name} repeated`, query: `${name}=1&${name}=2`, mayAccept: true },
      { name: `${name} as a nested object`, query: `${name}[a]=1`, mayAccept: true },
      { name: `a very long ${name}`, query: `${name}=${'x'.repeat(5000)}`, mayAccept: true },
      { name: `control characters in ${name}`, query: `${name}=${encodeURIComponent(CONTROL)}`, field: name },
      { name: `SQL in ${name}`, query: `${name}=${encodeURIComponent(SQL)}`, mayAccept: !numeric },
      { name: `markup in ${name}`, query: `${name}=${encodeURIComponent(MARKUP)}`, mayAccept: !numeric },
      ...(numeric
        ? [
            { name: `${name} not a number`, query: `${name}=ten`, field: name },
            { name: `${name} huge`, query: `${name}=1e400`, field: name },
          ]
        : []),
    ];
  });
}

function defaultPath(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, '8f0c1f8e-7c55-4f7a-9a55-2f0f0f0f0f0f');
}

async function send(route: Route, testCase: Case): Promise<{ status: number; body: any; text: string; html: boolean }> {
  const headers: Record<string, string> = { 'user-agent': BROWSER_UA, ...(route.admin ? adminHeaders : {}) };
  if (testCase.body !== undefined) headers['content-type'] = 'application/json';
  const url = api.url(`${testCase.path ?? defaultPath(route)}${testCase.query ? `?${testCase.query}` : ''}`);
  const response = await fetch(url, { method: route.method, headers, body: testCase.body });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, html: /text\/html/.test(response.headers.get('content-type') ?? '') };
}

/** A clear answer: the error shape, a message for people, no internals. */
function expectClearError(label: string, { status, body, text, html }: Awaited<ReturnType<typeof send>>, field?: string) {
  expect(status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, label).not.toMatch(/node_modules|\bat \w+ \(|syntax error at|relation "|duplicate key|TypeError|Cannot read prop/);
  // A link people follow (the unsubscribe link) answers with a page that says what went wrong.
  if (html) return expect(text, label).toMatch(/<h1>[^<]+<\/h1>/);
  expect(body, `${label}: ${text.slice(0, 300)}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(body.message.length, label).toBeGreaterThan(0);
  if (field && status === 400 && body.fields) {
    const named = Object.keys(body.fields).some((key) => key === field || key.startsWith(`${field}.`) || key === '(body)');
    expect(named || JSON.stringify(body).includes(field), `${label}: the answer names ${field}: ${text}`).toBe(true);
  }
}

describe('hostile input on every endpoint, from the route table and the OpenAPI document', () => {
  it('finds the endpoints, each documented, every write with a body schema (strict) or declared bodyless', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/leads', 'POST /api/suggestions', 'POST /api/auth/sign-in', 'POST /api/analytics/collect']),
    );
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const key = `${route.method} ${route.path}`;
      const schema = bodySchema(route);
      if (BODYLESS.has(key)) continue;
      // A write without a documented body schema cannot be attacked from here: it must not exist.
      expect(schema, `${key} documents no JSON body schema (add @ApiBody with openApiSchema(...), or list it as BODYLESS)`).toBeDefined();
      expect(schema!.additionalProperties, `${key}: its body must refuse unknown fields (z.strictObject)`).toBe(false);
      for (const [name, property] of stringProperties(schema!)) {
        const variants = [property, ...(property.anyOf ?? property.oneOf ?? [])];
        const bounded = variants.every(
          (v) => v.type !== 'string' || v.maxLength !== undefined || v.enum !== undefined || v.pattern !== undefined,
        );
        expect(bounded, `${key}: ${name} has no maximum length`).toBe(true);
      }
    }
  });

  it('answers every malformed, mistyped, oversized or hostile body with a clear 4xx and writes nothing', async () => {
    let checked = 0;
    for (const route of routes.filter((r) => r.method !== 'GET' && !BODYLESS.has(`${r.method} ${r.path}`))) {
      const cases = bodyCases(route);
      const before = await rowCounts();
      for (const testCase of cases.filter((c) => !c.mayAccept)) {
        expectClearError(`${route.method} ${route.path} with ${testCase.name}`, await send(route, testCase), testCase.field);
        checked++;
      }
      expect(await rowCounts(), `${route.method} ${route.path} wrote something`).toEqual(before);
      // Valid text that looks like SQL or markup goes through like any other (a wrong password is still audited).
      for (const testCase of cases.filter((c) => c.mayAccept)) {
        const answer = await send(route, testCase);
        if (answer.status >= 300) expectClearError(`${route.method} ${route.path} with ${testCase.name}`, answer);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('answers hostile path parameters with a clear 4xx and writes nothing', async () => {
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      const before = await rowCounts();
      for (const testCase of pathCases(route)) {
        const answer = await send(route, {
          ...testCase,
          body: route.method === 'GET' || BODYLESS.has(`${route.method} ${route.path}`) ? undefined : '{}',
        });
        expectClearError(`${route.method} ${route.path} with ${testCase.name}`, answer);
      }
      expect(await rowCounts(), `${route.method} ${route.path} wrote something`).toEqual(before);
    }
  });

  it('never fails on hostile query strings, refuses the unusable ones clearly, and a read writes nothing', async () => {
    for (const route of routes) {
      const bodyless = route.method === 'GET' || BODYLESS.has(`${route.method} ${route.path}`);
      const before = await rowCounts();
      for (const testCase of queryCases(route)) {
        const label = `${route.method} ${route.path} with ${testCase.name}`;
        const answer = await send(route, { ...testCase, body: bodyless ? undefined : '{}' });
        expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
        if (!(testCase.mayAccept && answer.status < 300)) expectClearError(label, answer, testCase.field);
      }
      if (route.method === 'GET') expect(await rowCounts(), `${route.method} ${route.path} wrote something`).toEqual(before);
    }
  });

  it('ignores or refuses junk sent to bodyless writes, without failing or writing', async () => {
    for (const key of BODYLESS) {
      const route = routes.find((r) => `${r.method} ${r.path}` === key);
      expect(route, `${key} is no longer a route: update BODYLESS`).toBeDefined();
      const before = await rowCounts();
      let done = 0;
      for (const body of ['{"a":', JSON.stringify({ [UNEXPECTED]: MARKUP }), JSON.stringify({ padding: 'x'.repeat(3 * 1024 * 1024) })]) {
        const answer = await send(route!, { name: 'junk', body });
        // Signing out with no session is still a sign-out (204); everything else has nothing to act on.
        if (answer.status >= 300) expectClearError(`${key} with junk`, answer);
        else expect(answer.status, `${key} with junk`).toBeLessThan(500);
        if (answer.status < 300) done++;
      }
      // An audited action ignores the junk and runs: one event per call that succeeded, nothing else.
      const audited = AUDITED_ACTIONS.has(key) ? { ...before, events: before.events! + done } : before;
      expect(await rowCounts(), `${key} wrote something`).toEqual(audited);
    }
  });

  it('leaves every table in place and stores accepted SQL and markup verbatim', async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(api.database.handle.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(tables.length);
    const stored = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${SQL}%`}`.execute(
      api.database.handle.db,
    );
    expect(stored.rows[0]!.n).toBeGreaterThan(0);
  });
});
