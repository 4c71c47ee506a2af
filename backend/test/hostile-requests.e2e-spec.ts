/**
 * What one request, one header or one catalogue record can do to the service, tried from outside against
 * the real app: bodies nested deep enough to stall or crash a recursive walk, `$` patterns in catalogue text
 * (String.replace expands them), errors on text routes, unknown paths that would grow the event log, writes
 * spread over many routes, and Host / X-Forwarded-For headers a client chooses.
 * Each client here is its own address: the app trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback),
 * so every test speaks for a fresh client, and the limits are the production ones (RATE_LIMIT_FACTOR=1).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERIES_IMPORT_PATH } from '../src/analytics/search-console/search-queries-import.js';
import { escapeHtml } from '../src/site/page-meta.js';
import { NOT_FOUND_RECORDS_PER_CLIENT } from '../src/site/not-found.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, json } from './auth-helpers.js';

const RATE_LIMITED = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' };
const TOO_DEEP = 'The request body is nested too deeply (at most 32 levels of objects and arrays).';

let api: ApiHarness;
let admin: Record<string, string>;
let clients = 0;
/** A client address of its own (10.0.x.y), believed because the request comes from loopback. */
const newClient = () => {
  clients++;
  return { 'x-forwarded-for': `10.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}` };
};

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback', CATALOGUE_CACHE_MS: '0', RUN_WORKERS: 'false' });
  admin = bearer(await createAdmin(api));
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function postRaw(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(api.url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work;
  return [result, performance.now() - started];
}

/** A GET with a Host header of our choosing (fetch does not let a caller set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(api.url('/'));
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function countEvents(type?: string): Promise<number> {
  const query = type
    ? sql<{ n: number }>`select count(*)::int as n from events where type = ${type}`
    : sql<{ n: number }>`select count(*)::int as n from events`;
  return (await query.execute(api.database.handle.db)).rows[0]!.n;
}

describe('deeply nested bodies', () => {
  // The shape that froze the API: 10 arrays each nested 3,000 deep (61 KB) on a public write.
  const deepLeads = `{"email":[${Array.from({ length: 10 }, () => nested(3000)).join(',')}]}`;

  it('refuses a body nested deeper than 32 levels with a clear 400, at any depth, and writes nothing', async () => {
    const before = await countEvents();
    for (const body of [`{"email":${nested(32)}}`, `{"email":${nested(5000)}}`, `{"email":${nested(30_000)}}`, deepLeads]) {
      const response = await postRaw('/api/leads', body, newClient());
      expect(response.status, body.slice(0, 40)).toBe(400);
      expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message: TOO_DEEP, fields: { '(body)': TOO_DEEP } });
    }
    // 31 levels inside the object is within the limit: the handler answers for the field itself.
    const shallow = await postRaw('/api/leads', `{"email":${nested(31)}}`, newClient());
    expect(shallow.status).toBe(400);
    expect((await json(shallow)).fields).toHaveProperty('email');
    expect(await countEvents()).toBe(before);
  });

  it('answers nesting of 100,000 levels with 400 even where large bodies are allowed', async () => {
    const response = await postRaw(SEARCH_QUERIES_IMPORT_PATH, `{"csv":${nested(100_000)}}`, admin);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(TOO_DEEP);
  });

  it('answers each deep body within 50 ms, and the API stays responsive while 20 are in flight', async () => {
    for (let i = 0; i < 5; i++) await postRaw('/api/leads', deepLeads, newClient()); // warm
    for (let i = 0; i < 20; i++) {
      const [response, ms] = await timed(postRaw('/api/leads', deepLeads, newClient()));
      expect(response.status).toBe(400);
      expect(ms).toBeLessThan(50);
    }
    // The client shares this process with the server: 20 at once measure both, so only the health check is timed.
    const client = newClient();
    const inFlight = Array.from({ length: 20 }, () => postRaw('/api/leads', deepLeads, client));
    const [live, liveMs] = await timed(fetch(api.url('/api/health/live')));
    expect(live.status).toBe(200);
    expect(liveMs).toBeLessThan(100);
    for (const response of await Promise.all(inFlight)) expect(response.status).toBe(400);
  });

  it('reads a large body only from an administrator: anyone else is refused before the 2 MB is read', async () => {
    const big = `{"csv":[${Array.from({ length: 300 }, () => nested(3000)).join(',')}]}`;
    expect(big.length).toBeGreaterThan(1_800_000);
    const [anonymous, anonymousMs] = await timed(postRaw(SEARCH_QUERIES_IMPORT_PATH, big, newClient()));
    expect(anonymous.status).toBe(401);
    expect(anonymousMs).toBeLessThan(500);
    const [live, liveMs] = await timed(fetch(api.url('/api/health/live')));
    expect(live.status).toBe(200);
    expect(liveMs).toBeLessThan(100);
    const [fromAdmin, adminMs] = await timed(postRaw(SEARCH_QUERIES_IMPORT_PATH, big, admin));
    expect(fromAdmin.status).toBe(400);
    expect(adminMs).toBeLessThan(500);
  });
});

describe('limits that count refusals', () => {
  it('counts refused bodies against the client, which then meets 429 before its body is read', async () => {
    const client = newClient();
    for (let i = 0; i < 60; i++) expect((await postRaw('/api/leads', `{"email":${nested(5000)}}`, client)).status).toBe(400);
    const blocked = await postRaw('/api/leads', `{"email":${nested(5000)}}`, client);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Malformed JSON, a wrong content type and an oversized body are refusals too, for another client.
    const other = newClient();
    for (let i = 0; i < 20; i++) {
      expect((await postRaw('/api/suggestions', '{"name":', other)).status).toBe(400);
      expect((await fetch(api.url('/api/suggestions'), { method: 'POST', headers: other, body: 'name=x' })).status).toBe(415);
      expect((await postRaw('/api/suggestions', `{"name":"${'x'.repeat(70_000)}"}`, other)).status).toBe(413);
    }
    expect((await postRaw('/api/newsletter/subscriptions', '{}', other)).status).toBe(429);
    // Reading is never limited.
    expect((await fetch(api.url('/api/early-access/status'), { headers: client })).status).toBe(200);
  });

  it('stops a client that spreads its writes over many routes at the budget of 60 a minute', async () => {
    const client = newClient();
    const routes = [
      '/api/leads',
      '/api/suggestions',
      '/api/newsletter/subscriptions',
      '/api/quiz-results',
      '/api/referral-codes',
      '/api/quick-questions',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 66; i++) statuses.push((await postRaw(routes[i % routes.length]!, '{}', client)).status);
    // No route met its own limit of 30 (each saw 11 writes), the budget stopped the 61st.
    expect(statuses.slice(0, 60)).not.toContain(429);
    expect(statuses.slice(60)).toEqual(Array(6).fill(429));
    // Reads and CORS preflights are not writes: still answered.
    expect((await fetch(api.url('/api/apps'), { headers: client })).status).toBe(200);
    expect((await fetch(api.url('/api/leads'), { method: 'OPTIONS', headers: client })).status).not.toBe(429);
  });

  it('counts refused reads too, without limiting reads', async () => {
    const client = newClient();
    // 61: a refusal is counted once answered, so the last one may still be on its way to the counter.
    for (let i = 0; i < 61; i++) {
      expect((await fetch(api.url(`/api/apps/search?q=${encodeURIComponent('a\u0000b')}`), { headers: client })).status).toBe(400);
    }
    expect((await fetch(api.url('/api/apps'), { headers: client })).status).toBe(200);
    expect((await postRaw('/api/suggestions', '{}', client)).status).toBe(429);
  });
});

describe('catalogue text is data, never a replacement pattern', () => {
  const PATTERNS = ['$&', '$`', "$'", '$$', '$1', '$<name>', '</script>', '\u2028', '\u2029'];
  /** Text made of the patterns and words, padded with `$` patterns to `length`. */
  const hostileText = (length: number) =>
    fc
      .array(fc.oneof(fc.constantFrom(...PATTERNS), fc.constantFrom('Sheet', 'end', ' ', 'a')), { minLength: 1, maxLength: 12 })
      .map((parts) => {
        const text = `Dollar ${parts.join('')} `;
        return (text + '$` $& '.repeat(length)).slice(0, length).trimEnd();
      });
  /** The same text with every `$` as an S: the same page, escaped the same way, is the measure. */
  const plain = (text: string) => text.replaceAll('$', 'S');

  let runs = 0;
  async function addApp(fields: Record<string, unknown>) {
    const response = await postRaw('/api/admin/apps', JSON.stringify(fields), admin);
    expect(response.status, await response.clone().text()).toBe(201);
  }

  function appFields(run: number, kind: string, text: (length: number) => string) {
    return {
      name: `App ${run} ${kind} ${text(100)}`,
      slug: `app-${run}-${kind}`,
      category: `Cat${run}${kind} ${text(40)}`,
      description: text(1000),
      long_description: text(10_000),
      problem_solved: text(1000),
      replaces_tools: text(500),
      status_text: text(120),
      key_features: [text(300), text(300)],
      how_it_works: [text(300)],
      faq_items: [{ question: text(300), answer: text(2000) }],
      meta_title: text(120),
      meta_description: text(320),
      keywords: [text(80)],
    };
  }

  it('renders every page at the size of a plain page, with the text shown literally', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText(10_000), async (sample) => {
        const run = ++runs;
        const text = (length: number) => sample.slice(0, length).trimEnd() || 'x';
        const hostile = appFields(run, 'h', text);
        await addApp(hostile);
        await addApp(appFields(run, 'p', (length) => plain(text(length))));
        const page = async (path: string) => {
          const response = await fetch(api.url(path));
          expect(response.status, path).toBe(200);
          return response.text();
        };
        const hostilePage = await page(`/app/${hostile.slug}`);
        const plainPage = await page(`/app/app-${run}-p`);
        expect(Math.abs(hostilePage.length - plainPage.length)).toBeLessThan(1024);
        // One document, with the name as written (escaped for HTML), and the data block holding the exact text.
        expect(hostilePage.match(/<\/html>/g)).toHaveLength(1);
        expect(hostilePage).toContain(`<title data-ssr>${escapeHtml(hostile.meta_title)}</title>`);
        expect(hostilePage).toContain(`>${escapedByReact(hostile.name)}</h1>`);
        const data = JSON.parse(hostilePage.match(/<script id="initial-data" type="application\/json">([^<]*)<\/script>/)![1]!);
        expect(data[`/apps/${hostile.slug}`]).toMatchObject({
          name: hostile.name,
          description: hostile.description,
          long_description: hostile.long_description,
        });
        // The home page lists both apps and every category page is one document too.
        const home = await page('/');
        expect(home.match(/<\/html>/g)).toHaveLength(1);
        const categories = (
          JSON.parse(home.match(/<script id="initial-data" type="application\/json">([^<]*)<\/script>/)![1]!)['/categories'] as {
            slug: string;
            name: string;
          }[]
        ).filter((c) => c.slug.startsWith(`cat${run}`));
        expect(categories.map((c) => c.name).sort()).toEqual([hostile.category, `Cat${run}p ${plain(text(40))}`].sort());
        const [hostileCategory, plainCategory] = await Promise.all(
          ['h', 'p'].map((kind) => page(`/c/${categories.find((c) => c.slug.startsWith(`cat${run}${kind}`))!.slug}`)),
        );
        expect(Math.abs(hostileCategory!.length - plainCategory!.length)).toBeLessThan(1024);
        expect(hostileCategory!.match(/<\/html>/g)).toHaveLength(1);
      }),
      { numRuns: 8 },
    );
    // Pages without the apps are not touched by them.
    const about = await fetch(api.url('/about'));
    expect((await about.text()).length).toBeLessThan(200_000);
  }, 120_000);
});

describe('errors on routes that are not JSON', () => {
  it('answers /ads.txt with a plain-text 404 when ADS_TXT is not set', async () => {
    const response = await fetch(api.url('/ads.txt'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('No ads.txt is configured.\n');
  });

  it("answers the router's own refusals in our shape, without echoing the path", async () => {
    for (const path of ['/%zz', '/api/apps/%zz', '/c/%E0%A4%A']) {
      const response = await fetch(api.url(path));
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await json(response);
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.message).toBe('The address is malformed.');
    }
  });
});

describe('unknown paths', () => {
  it('keep their 404 page, but one client adds at most a handful of events however many it asks for', async () => {
    const before = await countEvents('PageNotFound');
    const client = newClient();
    for (let i = 0; i < 200; i++) {
      const path = ['/nope-', '/app/', '/c/'][i % 3]! + `${randomUUID()}${'z'.repeat(250)}`;
      const response = await fetch(api.url(path), { headers: client });
      expect(response.status).toBe(404);
      await response.text();
    }
    // The SPA's own reports share the allowance.
    const reported = await postRaw('/api/site/not-found', JSON.stringify({ path: '/from-the-spa' }), client);
    expect(reported.status).toBe(202);
    expect((await countEvents('PageNotFound')) - before).toBe(NOT_FOUND_RECORDS_PER_CLIENT);
    // Another client is still heard, with its path normalised and cut.
    await fetch(api.url(`//broken///link/?utm_source=x`), { headers: newClient() });
    const { rows } = await sql<{ path: string }>`
      select data->>'path' as path from events where type = 'PageNotFound' order by global_position desc limit 1`.execute(
      api.database.handle.db,
    );
    expect(rows[0]!.path).toBe('/broken/link');
  });
});

describe('headers a client chooses', () => {
  it('never takes the Host header into a page, robots.txt or the sitemap', async () => {
    const { port } = new URL(api.url('/'));
    await addAppOnce();
    for (const path of ['/', '/about', '/app/host-test', '/c/host-tests', '/no-such-page', '/robots.txt', '/sitemap.xml']) {
      const { status, body } = await getWithHost(path, 'evil.example');
      expect(status, path).toBeLessThan(500);
      expect(body, path).not.toContain('evil.example');
      if (path === '/robots.txt') expect(body).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
      if (path === '/app/host-test')
        expect(body).toContain(`<link data-ssr rel="canonical" href="http://localhost:${port}/app/host-test">`);
    }
    // The server's own local address is kept as asked for.
    expect((await getWithHost('/robots.txt', `127.0.0.1:${port}`)).body).toContain(`Sitemap: http://127.0.0.1:${port}/sitemap.xml`);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const direct = await startApi({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: '10.9.9.9', RUN_WORKERS: 'false' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const response = await fetch(direct.url('/api/suggestions'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
          body: '{}',
        });
        statuses.push(response.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

/** Text as React's server renderer escapes it in markup. */
function escapedByReact(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

let added = false;
async function addAppOnce() {
  if (added) return;
  added = true;
  const response = await postRaw(
    '/api/admin/apps',
    JSON.stringify({ name: 'Host Test', description: 'A plain app.', category: 'Host Tests' }),
    admin,
  );
  expect(response.status).toBe(201);
}
