import { readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { appDecider } from '../src/catalogue/app/app.decider.js';
import { appStream } from '../src/catalogue/app/app.events.js';
import { AddApp } from '../src/catalogue/commands/add-app.command.js';
import { decideAndAppend } from '../src/shared/event-store/decider.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { SiteController } from '../src/site/site.controller.js';
import { startApi, type ApiHarness } from './api-harness.js';

// The SPA's index.html must be built (npm test builds first).
const BASE = 'https://unsheet.example.com';
const HOSTILE = 'Evil "Tool" <script>alert(1)</script>';
let api: ApiHarness;
let retiredId: string;

beforeAll(async () => {
  api = await startApi({ PUBLIC_BASE_URL: BASE, ADS_TXT: 'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0' });
  const commands = api.app.get(CommandBus);
  await commands.execute(
    new AddApp({
      name: 'Invoice Chaser',
      description: 'Chases unpaid invoices politely.',
      category: 'Finance',
      meta_title: 'Invoice Chaser: stop chasing payments in Excel',
      meta_description: 'Automatic, polite payment reminders for small businesses.',
      keywords: ['invoice reminders', 'accounts receivable'],
      app_url: 'https://invoice-chaser.example.com',
    }),
  );
  await commands.execute(new AddApp({ name: 'Budget Buddy', description: 'Keeps budgets honest.', category: 'Finance' }));
  await commands.execute(new AddApp({ name: HOSTILE, slug: 'evil-tool', description: '</script><b>x</b>', category: 'Sales' }));
  ({ id: retiredId } = await commands.execute(new AddApp({ name: 'Retired', description: 'Gone.', category: 'Other' })));
  await decideAndAppend(api.app.get(EventStore), appStream(retiredId), appDecider, { type: 'DeactivateApp', id: retiredId });
});
afterAll(async () => {
  await api?.close();
});

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script data-ssr type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('pages rendered with SEO tags', () => {
  it('writes the home page tags, with exactly one title and description', async () => {
    const { status, body } = await api.get('/');
    expect(status).toBe(200);
    expect(body).toContain('<div id="root">');
    expect(head(body).match(/<title/g)).toHaveLength(1);
    expect(head(body).match(/name="description"/g)).toHaveLength(1);
    expect(body).toContain('<title data-ssr>Unsheet – AI tools that replace spreadsheets</title>');
    expect(body).toContain(`<link data-ssr rel="canonical" href="${BASE}/">`);
    expect(body).toContain('<meta data-ssr property="og:title" content="Unsheet – AI tools that replace spreadsheets">');
    expect(body).toContain('<meta data-ssr name="twitter:card" content="summary">');
  });

  it('writes a category page title, description with the tool count, and breadcrumbs', async () => {
    const { status, body } = await api.get('/c/finance');
    expect(status).toBe(200);
    expect(body).toContain('<title data-ssr>Finance apps to replace Excel | Unsheet</title>');
    expect(body).toMatch(/<meta data-ssr name="description" content="[^"]*2 tools[^"]*">/);
    expect(body).toContain(`<link data-ssr rel="canonical" href="${BASE}/c/finance">`);
    expect(jsonLd(body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
          { '@type': 'ListItem', position: 2, name: 'Finance', item: `${BASE}/c/finance` },
        ],
      },
    ]);
  });

  it('writes an app page title, description, keywords, social tags and JSON-LD', async () => {
    const { status, body } = await api.get('/app/invoice-chaser');
    expect(status).toBe(200);
    expect(body).toContain('<title data-ssr>Invoice Chaser: stop chasing payments in Excel</title>');
    expect(body).toContain('<meta data-ssr name="description" content="Automatic, polite payment reminders for small businesses.">');
    expect(body).toContain('<meta data-ssr name="keywords" content="invoice reminders, accounts receivable">');
    expect(body).toContain('<meta data-ssr property="og:type" content="article">');
    expect(body).toContain(`<meta data-ssr property="og:url" content="${BASE}/app/invoice-chaser">`);
    const [software, trail] = jsonLd(body);
    expect(software).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Invoice Chaser',
      applicationCategory: 'BusinessApplication',
      url: `${BASE}/app/invoice-chaser`,
    });
    expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', 'Finance', 'Invoice Chaser']);
  });

  it('escapes stored text in tags and JSON-LD', async () => {
    const { body } = await api.get('/app/evil-tool');
    expect(body).toContain('<title data-ssr>Evil &quot;Tool&quot; &lt;script&gt;alert(1)&lt;/script&gt; | Unsheet</title>');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('</script><b>');
    expect(jsonLd(body)[0].description).toBe('</script><b>x</b>');
  });

  it('writes the data of the first render and preloads the route module', async () => {
    const initialData = (html: string) =>
      JSON.parse(html.match(/<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/)![1]!);
    const home = (await api.get('/')).body as string;
    const homeData = initialData(home);
    expect(Object.keys(homeData).sort()).toEqual([
      '/apps',
      '/apps/top?limit=12&offset=0',
      '/apps?sort=popular&ready=true',
      '/categories',
      '/early-access/status',
    ]);
    expect(homeData['/apps']).toEqual((await api.get('/api/apps')).body);
    expect(homeData['/apps?sort=popular&ready=true']).toEqual((await api.get('/api/apps?sort=popular&ready=true')).body);
    expect(homeData['/apps/top?limit=12&offset=0']).toEqual((await api.get('/api/apps/top?limit=12&offset=0')).body);
    expect(homeData['/categories']).toEqual((await api.get('/api/categories')).body);
    // Every page's invitations to join follow the Early Explorers mode from the first paint.
    expect(homeData['/early-access/status']).toEqual((await api.get('/api/early-access/status')).body);
    expect(home).not.toMatch(/<link rel="stylesheet"/);
    expect(home).toContain('<style>');

    const app = (await api.get('/app/invoice-chaser')).body as string;
    expect(initialData(app)['/apps/invoice-chaser']).toEqual((await api.get('/api/apps/invoice-chaser')).body);
    const category = (await api.get('/c/finance')).body as string;
    expect(initialData(category)['/categories/finance']).toEqual((await api.get('/api/categories/finance')).body);

    // Stored text cannot close the data's script element.
    const evil = (await api.get('/app/evil-tool')).body as string;
    expect(evil.match(/<\/script>/g)!.length).toBe(evil.match(/<script/g)!.length);
    expect(initialData(evil)['/apps/evil-tool'].description).toBe('</script><b>x</b>');
  });

  it('serves the other client routes with a 200 and the plain template', async () => {
    for (const path of [
      '/about',
      '/contact',
      '/privacy',
      '/terms',
      '/offline',
      '/auth',
      '/auth/confirm',
      '/confirm',
      '/admin',
      '/admin/login',
      '/admin/dashboard',
    ]) {
      const { status, body } = await api.get(path);
      expect(status, path).toBe(200);
      expect(body).toContain('<div id="root">');
    }
  });

  it('serves built assets with long caching', async () => {
    const index = (await api.get('/')).body as string;
    const asset = index.match(/"(\/assets\/index-[^"]+\.js)"/)![1]!;
    const response = await fetch(api.url(asset));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves scripts compressed ahead of time with Brotli or gzip, as the browser accepts, and whole otherwise', async () => {
    const index = (await api.get('/')).body as string;
    const asset = index.match(/"(\/assets\/index-[^"]+\.js)"/)![1]!;
    const original = await rawGet(asset, undefined);
    expect(original.headers['content-encoding']).toBeUndefined();
    expect(original.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await rawGet(asset, accepted);
      expect(compressed.headers['content-encoding'], accepted).toBe(encoding);
      expect(compressed.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(compressed.headers['cache-control']).toContain('immutable');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.body.length).toBeLessThan(original.body.length / 2);
      expect(decode(compressed.body).equals(original.body)).toBe(true);
    }
  });
});

/** A GET whose body stays as the server sent it (fetch would decompress it). */
function rawGet(path: string, acceptEncoding: string | undefined) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    httpGet(api.url(path), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('pages kept while their data is unchanged', () => {
  it('renders a page once while its data is the same, gives every response its own nonce, and shows a change at once', async () => {
    const page = (api.app.get(SiteController) as unknown as { page: object }).page as { build: () => Promise<unknown> };
    const build = vi.spyOn(page, 'build');
    const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy')!)![1]!;
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(api.url('/app/budget-buddy'));
      answers.push({ nonce: nonceOf(response.headers), body: await response.text() });
    }
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
    for (const { nonce, body } of answers) {
      const loaders = [...body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)].map((m) => m[1]!);
      expect(loaders.length).toBeGreaterThan(0);
      for (const attributes of loaders) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    // The same page but for its nonce: rendered for the first request only (the catalogue's reads are kept for a second).
    expect(answers[1]!.body.replaceAll(answers[1]!.nonce, 'N')).toBe(answers[0]!.body.replaceAll(answers[0]!.nonce, 'N'));
    expect(build.mock.calls.length).toBeLessThan(3);

    const { id } = (await api.get('/api/apps/budget-buddy')).body as { id: string };
    await decideAndAppend(api.app.get(EventStore), appStream(id), appDecider, {
      type: 'UpdateApp',
      id,
      changes: { name: 'Budget Buddy Pro' },
    });
    const changed = await (await fetch(api.url('/app/budget-buddy'))).text();
    expect(changed).toContain('<h1');
    expect(changed).toMatch(/<h1[^>]*>Budget Buddy Pro<\/h1>/);
    build.mockRestore();
  });
});

describe('not found', () => {
  it.each(['/no/such/page', '/app/no-such-app', '/c/astrology', '/app/retired', `/app/${'x'.repeat(300)}`])(
    'answers %s with HTTP 404 and the SPA, and records the missing path',
    async (path) => {
      const { status, body } = await api.get(path);
      expect(status).toBe(404);
      expect(body).toContain('<div id="root">');
      const { rows } = await sql<{ path: string }>`
        select data->>'path' as path from events where type = 'PageNotFound' order by global_position desc limit 1`.execute(
        api.database.handle.db,
      );
      expect(rows[0]!.path).toBe(path.slice(0, 300));
    },
  );

  it.each([
    ['/c/pets', 'Category Not Found', 'Browse all categories'],
    ['/c/pets?page=2', 'Category Not Found', 'Browse all categories'],
    ['/app/no-such-app', 'App Not Found', 'Browse all apps'],
    ['/no/such/page', 'Page not found', 'Return to Home'],
  ])('renders %s as what is missing at once, titled so, with HTTP 404', async (path, heading, link) => {
    const { status, body } = await api.get(path);
    expect(status).toBe(404);
    expect(head(body).match(/<title/g)).toHaveLength(1);
    expect(body).toContain(`<title data-ssr>${heading} | Unsheet</title>`);
    const root = body.slice(body.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>(Oops! )?${heading}</h1>`));
    expect(root).toContain(link);
    // Not the page of a category or app still loading: no placeholders, no invitation of a page that exists.
    expect(root).not.toContain('Claim Spot');
    expect(root).not.toContain('data-slot="skeleton"');
  });

  async function notFoundEvents() {
    const { rows } = await sql<{ data: { path: string; via: string } }>`
      select data from events where type = 'PageNotFound' order by global_position`.execute(api.database.handle.db);
    return rows.map((r) => r.data);
  }

  it('records a path the SPA could not match after an in-app navigation', async () => {
    const before = (await notFoundEvents()).length;
    const response = await fetch(api.url('/api/site/not-found'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: `/broken/${'y'.repeat(400)}` }),
    });
    expect(response.status).toBe(202);
    const events = await notFoundEvents();
    // Node's fetch says it is "node", which isbot calls a bot: noted, so the demand signals leave it out.
    expect(events.slice(before)).toEqual([{ path: `/broken/${'y'.repeat(292)}`, via: 'client', bot: true }]);
  });

  it.each([
    ['no path', {}, { path: 'path must be text.' }],
    ['a number', { path: 404 }, { path: 'path must be text.' }],
    ['a full URL', { path: 'https://evil.example/' }, { path: 'path must start with / and contain no control characters.' }],
    ['control characters', { path: '/a\u0000b' }, { path: 'Control characters are not allowed.' }],
    ['a huge path', { path: `/${'x'.repeat(2048)}` }, { path: 'path must be at most 2048 characters long.' }],
    ['an unknown field', { path: '/x', user: 'admin' }, { '(body)': 'Unrecognized key: "user"' }],
  ])('refuses %s, recording nothing', async (_case, body, fields) => {
    const before = (await notFoundEvents()).length;
    const response = await fetch(api.url('/api/site/not-found'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: unknown }).fields).toEqual(fields);
    const malformed = await fetch(api.url('/api/site/not-found'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"path":',
    });
    expect(malformed.status).toBe(400);
    expect((await notFoundEvents()).length).toBe(before);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const { status, body } = await api.get('/api/nope');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });
});

describe('crawler files', () => {
  it('serves a sitemap valid against the sitemaps.org 0.9 schema, listing what is live', async () => {
    const response = await fetch(api.url('/sitemap.xml'));
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    const result = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: xml }],
      schema: [{ fileName: 'sitemap.xsd', contents: readFileSync(new URL('./fixtures/sitemap-0.9.xsd', import.meta.url), 'utf8') }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${BASE}/`,
      `${BASE}/about`,
      `${BASE}/contact`,
      `${BASE}/privacy`,
      `${BASE}/terms`,
      `${BASE}/c/finance`,
      `${BASE}/c/sales`,
      `${BASE}/app/budget-buddy`,
      `${BASE}/app/evil-tool`,
      `${BASE}/app/invoice-chaser`,
    ]);
    const { rows } = await sql<{ at: Date }>`select max(created_at) as at from events where type like 'App%'`.execute(
      api.database.handle.db,
    );
    expect(xml).toContain(`<loc>${BASE}/</loc><lastmod>${rows[0]!.at.toISOString()}</lastmod>`);
  });

  it('splits the sitemap into an index of numbered sitemaps past SITEMAP_MAX_URLS, each valid', async () => {
    const small = await startApi({ PUBLIC_BASE_URL: BASE, SITEMAP_MAX_URLS: '4' }, api.database);
    try {
      const schema = (name: string) => [{ fileName: name, contents: readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8') }];
      const index = await (await fetch(small.url('/sitemap.xml'))).text();
      expect(
        (await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: index }], schema: schema('siteindex-0.9.xsd') })).errors,
      ).toEqual([]);
      const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      // The 10 URLs of the whole sitemap, 4 to a file.
      expect(parts).toEqual([`${BASE}/sitemap-1.xml`, `${BASE}/sitemap-2.xml`, `${BASE}/sitemap-3.xml`]);
      const listed: string[] = [];
      for (const part of parts) {
        const response = await fetch(small.url(new URL(part).pathname));
        expect(response.headers.get('content-type')).toContain('application/xml');
        const xml = await response.text();
        expect((await validateXML({ xml: [{ fileName: 'part.xml', contents: xml }], schema: schema('sitemap-0.9.xsd') })).errors).toEqual(
          [],
        );
        listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
      }
      const whole = await (await fetch(api.url('/sitemap.xml'))).text();
      expect(listed).toEqual([...whole.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
      expect((await fetch(small.url('/sitemap-4.xml'))).status).toBe(404);
      expect((await fetch(api.url('/sitemap-1.xml'))).status).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('serves robots.txt allowing all crawlers with an absolute sitemap line', async () => {
    const { status, body } = await api.get('/robots.txt');
    expect(status).toBe(200);
    expect(body).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('serves /favicon.ico, the brand mark, as an icon (browsers and crawlers ask for it whatever the page says)', async () => {
    const response = await fetch(api.url('/favicon.ico'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const icon = Buffer.from(await response.arrayBuffer());
    // An ICO header (reserved 0, type 1) with at least one image.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('serves the configured ads.txt line', async () => {
    const { status, body } = await api.get('/ads.txt');
    expect(status).toBe(200);
    expect(body).toBe('google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n');
  });
});
