/**
 * What one anonymous client may make the server keep or do, tried from outside against the real app: the 404
 * of an unknown API path does not echo it back; an IPv6 client is one client across its /64; a made-up query
 * parameter is not a page of its own in the page cache; an app's views count up to a bound per client address; an
 * interaction with an app the catalogue does not have is not stored; e-mail to the team is capped per hour;
 * one tracker batch keeps a bounded number of bytes.
 * Each client here is its own address: the app trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback).
 */
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  MAX_SEARCHES_PER_BATCH,
  MAX_SESSIONS_PER_BATCH,
  SEARCHES_PER_CLIENT_HOUR,
  STORED,
} from '../../contracts/analytics/limits.js';
import { BROWSER_UA, interaction, search } from '../src/analytics/testing/tracker-events.js';
import { AddApp } from '../src/catalogue/commands/add-app.command.js';
import { APP_VIEWS_PER_CLIENT_HOUR } from '../src/catalogue/commands/record-app-view.command.js';
import { SiteController } from '../src/site/site.controller.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { recipients, startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';

/**
 * What one tracker batch may leave in PostgreSQL at most, read models and indexes included (docs/security.md):
 * measured as the growth of the live rows (pg_column_size) and indexes of every table over 10 of the fullest
 * batches the limits allow, of each kind of event, divided by 10.
 */
const MAX_STORED_BYTES_PER_BATCH = 80 * 1024;

/** Limits twice the production ones: 50 views from one address stay within the route's limit. */
const FACTOR = 2;
let api: ApiHarness;
let clients = 0;
/** A client address of its own (10.1.x.y), believed because the request comes from loopback. */
const newClient = () => {
  clients++;
  return { 'x-forwarded-for': `10.1.${Math.floor(clients / 250)}.${(clients % 250) + 1}` };
};

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_FACTOR: String(FACTOR), TRUST_PROXY: 'loopback' });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('an unknown API path', () => {
  it('answers a 404 that holds none of the path, whatever the method', async () => {
    const script = '/api/unknown/<script>alert(1)</script>';
    const long = `/api/unknown/${'pathpart-'.repeat(200)}end`;
    for (const path of [script, encodeURI(script), long]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await fetch(api.url(path), { method, headers: newClient() });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ code: 'NOT_FOUND', message: 'There is nothing at this address.' });
        for (const fragment of ['script', 'alert', 'unknown', 'pathpart', '%3C']) expect(text).not.toContain(fragment);
      }
    }
  });
});

describe('an IPv6 client', () => {
  /** A look-up of a referral code's stats: 30 a minute per client address (times FACTOR). */
  const LOOKUPS = 30 * FACTOR;
  const lookUp = (address: string) => fetch(api.url('/api/referrals/NOCODE'), { headers: { 'x-forwarded-for': address } });

  it('is one client across its /64: two addresses of one /64 share a limit, another /64 has its own', async () => {
    for (let i = 0; i < LOOKUPS; i++) {
      const response = await lookUp(`2001:db8:77:1::${(i + 1).toString(16)}`);
      expect(response.status, `#${i + 1}`).not.toBe(429);
    }
    expect((await lookUp('2001:db8:77:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await lookUp('2001:0db8:0077:0001::abcd')).status).toBe(429);
    expect((await lookUp('2001:db8:77:2::1')).status).not.toBe(429);
  });

  it('is the IPv4 address when it is an IPv4-mapped IPv6 address', async () => {
    for (let i = 0; i < LOOKUPS; i++) expect((await lookUp('198.51.100.9')).status).not.toBe(429);
    expect((await lookUp('::ffff:198.51.100.9')).status).toBe(429);
  });
});

describe('the page cache', () => {
  /** A page with its per-response nonces blanked. */
  const page = async (path: string) => {
    const response = await fetch(api.url(path), { headers: newClient() });
    expect(response.status, path).toBe(200);
    return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""').replace(/nonce-[\w+/=]+/g, 'nonce-');
  };

  it('keeps one page for / whatever query parameters the page does not read, and serves the same HTML', async () => {
    const pages = api.app.get(SiteController).page;
    const home = await page('/');
    expect(home).toContain('<div id="root"><');
    const keptHome = () => pages.keptPages().filter((url) => new URL(url).pathname === '/');
    expect(keptHome()).toHaveLength(1);
    for (let i = 0; i < 300; i++) {
      const made = randomUUID();
      const html = await page(
        i % 3 === 0 ? `/?x=${made}` : i % 3 === 1 ? `/?utm_source=${made}&gclid=${made}&ref=${made}` : `/?x=<b>${made}`,
      );
      expect(html).toBe(home);
      expect(html).not.toContain(made);
    }
    expect(keptHome()).toHaveLength(1);
    // The grid's own parameters are pages of their own, in one order whatever order they came in.
    expect(await page('/?sort=popular&x=1')).not.toBe(home);
    await page('/?x=2&sort=popular');
    expect(keptHome()).toHaveLength(2);
  });
});

describe("an app's views", () => {
  it(`count at most ${APP_VIEWS_PER_CLIENT_HOUR} an hour per client address and app, whatever sessions it names`, async () => {
    const { id } = await api.app
      .get(CommandBus)
      .execute(new AddApp({ name: `Viewed ${randomUUID()}`, category: 'Finance', description: 'Counted.', views: 180 }));
    const views = async () => {
      const { rows } = await sql<{ views: number }>`
        select (a.base_views + coalesce(v.views, 0))::int as views from apps a left join app_views v on v.app_id = a.id
        where a.id = ${id}`.execute(api.database.handle.db);
      return rows[0]!.views;
    };
    const view = (headers: Record<string, string>) =>
      fetch(api.url(`/api/apps/${id}/views`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
        body: JSON.stringify({ sessionId: randomUUID() }),
      });
    const client = newClient();
    for (let i = 0; i < 50; i++) {
      const response = await view(client);
      expect(response.status, `#${i + 1}`).toBe(202);
      expect(await response.json()).toEqual({});
    }
    await settled(api);
    expect(await views()).toBe(180 + APP_VIEWS_PER_CLIENT_HOUR);
    // Another address counts on its own; so does a /64, whose addresses are one client.
    expect((await view(newClient())).status).toBe(202);
    for (let i = 1; i <= APP_VIEWS_PER_CLIENT_HOUR + 1; i++) {
      expect((await view({ 'x-forwarded-for': `2001:db8:5:6::${i.toString(16)}` })).status).toBe(202);
    }
    await settled(api);
    expect(await views()).toBe(180 + 2 * APP_VIEWS_PER_CLIENT_HOUR + 1);
  });
});

/** A tracker batch from a browser at `headers`' client address. */
const collect = (events: unknown[], headers: Record<string, string>) =>
  fetch(api.url('/api/analytics/collect'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
    body: JSON.stringify({ events }),
  });

describe('tracker interactions', () => {
  const count = async (table: 'analytics_app_view_rollups' | 'app_interactions') =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(api.database.handle.db)).rows[0]!.n;

  it('with apps the catalogue does not have add no interaction and no rollup row', async () => {
    const { id } = await api.app
      .get(CommandBus)
      .execute(new AddApp({ name: `Tracked ${randomUUID()}`, category: 'Sales', description: 'Real.' }));
    await settled(api);
    const before = { rollups: await count('analytics_app_view_rollups'), interactions: await count('app_interactions') };
    const client = newClient();
    const sessionId = randomUUID();
    for (let batch = 0; batch < 20; batch++) {
      const events = Array.from({ length: 50 }, () => interaction({ sessionId, appId: randomUUID(), action: 'view' }));
      const response = await collect(events, client);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: 0, dropped: 0 });
    }
    // One of the catalogue's apps, with a made-up one and one naming no app, in one batch: those two are kept.
    const mixed = [interaction({ sessionId, appId: id }), interaction({ sessionId, appId: randomUUID() }), interaction({ sessionId })];
    expect(await (await collect(mixed, client)).json()).toEqual({ accepted: 2, dropped: 0 });
    await settled(api);
    expect(await count('app_interactions')).toBe(before.interactions + 2);
    expect(await count('analytics_app_view_rollups')).toBe(before.rollups + 1);
  });
});

describe('tracker searches', () => {
  const recorded = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from demand_searches`.execute(api.database.handle.db)).rows[0]!.n;

  it('bring at most SEARCHES_PER_CLIENT_HOUR an hour from one client address to the demand signals, whatever sessions they name', async () => {
    await settled(api);
    const before = await recorded();
    const client = newClient();
    const accepted: number[] = [];
    // Each search a session of its own: the demand projection's cap per session does not see them as one.
    const perBatch = Math.min(MAX_SEARCHES_PER_BATCH, MAX_SESSIONS_PER_BATCH);
    for (let batch = 0; batch < SEARCHES_PER_CLIENT_HOUR / perBatch + 10; batch++) {
      const events = Array.from({ length: perBatch }, (_, i) => search({ query: `invoice reconciliation ${batch}-${i}` }));
      const response = await collect(events, client);
      expect(response.status).toBe(202);
      accepted.push(((await response.json()) as { accepted: number }).accepted);
    }
    expect(accepted.reduce((sum, n) => sum + n, 0)).toBe(SEARCHES_PER_CLIENT_HOUR);
    expect(accepted.slice(-10)).toEqual(Array(10).fill(0));
    // Another address has an allowance of its own.
    expect(await (await collect([search()], newClient())).json()).toEqual({ accepted: 1, dropped: 0 });
    await settled(api);
    expect(await recorded()).toBe(before + SEARCHES_PER_CLIENT_HOUR + 1);
  });
});

describe('e-mail to the team', () => {
  let mailing: ApiHarness;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startApi({
      SMTP_URL: smtp.url,
      EMAIL_POLL_MS: '50',
      ADMIN_NOTIFY_EMAIL: 'admin@unsheet.test',
      TEAM_EMAIL: 'team@unsheet.test',
      TEAM_EMAIL_HOURLY_LIMIT: '30',
    });
  }, 120_000);
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('is at most TEAM_EMAIL_HOURLY_LIMIT an hour in all, and every message is still kept for the admin console', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `Suggestion ${i} ${randomUUID()}`);
    for (const text of texts) {
      const response = await fetch(mailing.url('/api/suggestions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ideas@example.com', suggestion_text: text }),
      });
      expect(response.status).toBe(201);
    }
    await settled(mailing);
    await eventually(() => smtp.messages.length >= 30);
    const db = mailing.database.handle.db;
    const { rows } = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from email_outbox where template = 'suggestion-admin' group by status order by status`.execute(db);
    expect(rows).toEqual([
      { status: 'sent', n: 30 },
      { status: 'skipped', n: 10 },
    ]);
    expect(smtp.messages.filter((mail) => recipients(mail).includes('admin@unsheet.test'))).toHaveLength(30);
    const stored = await sql<{ n: number }>`select count(*)::int as n from suggestions where suggestion_text = any(${texts})`.execute(db);
    expect(stored.rows[0]!.n).toBe(40);
    // A question now: its acknowledgement to the visitor goes, the notice to the team does not.
    const asked = await fetch(mailing.url('/api/quick-questions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Is there an API?' }),
    });
    expect(asked.status).toBe(201);
    await settled(mailing);
    const question = await sql<{ template: string; status: string }>`
      select template, status from email_outbox where template like 'question-%' order by template`.execute(db);
    expect(question.rows).toEqual([
      { template: 'question-ack', status: expect.not.stringMatching(/^skipped$/) },
      { template: 'question-team', status: 'skipped' },
    ]);
    // A rebuild of the reactor sends nothing again.
    const sent = smtp.messages.length;
    await mailing.app.get(ProjectionRunner).rebuild('email-reactor');
    await settled(mailing);
    expect(smtp.messages.length).toBe(sent);
  });
});

describe('what one tracker batch keeps', () => {
  let tracked: ApiHarness;
  let appId: string;
  const BODY = 64 * 1024;

  beforeAll(async () => {
    tracked = await startApi();
    ({ id: appId } = await tracked.app.get(CommandBus).execute(new AddApp({ name: 'Kept', category: 'Sales', description: 'Measured.' })));
    await settled(tracked);
  }, 120_000);
  afterAll(async () => {
    await tracked?.close();
  });

  /** Random letters and digits (incompressible enough that PostgreSQL's TOAST compression does not help). */
  const noise = (length: number) => {
    let text = '';
    while (text.length < length) text += randomUUID().replaceAll('-', '');
    return text.slice(0, length);
  };
  const url = (length: number) => `https://unsheet.app/${noise(length - 20)}`;
  const stamp = () => new Date().toISOString();
  /** The sessions of the batch being built: as many as one batch may speak for, taken in turn. */
  let sessions: string[] = [];
  let turn = 0;
  const sessionId = () => sessions[turn++ % sessions.length]!;
  /** As many events as one batch may hold: 50, or fewer when they would pass 64 KB. */
  const fullBatch = (make: () => unknown) => {
    sessions = Array.from({ length: MAX_SESSIONS_PER_BATCH }, () => randomUUID());
    const events: unknown[] = [];
    while (events.length < 50) {
      const next = make();
      if (JSON.stringify({ events: [...events, next] }).length > BODY - 100) break;
      events.push(next);
    }
    return events;
  };
  const BATCHES: Record<string, () => unknown> = {
    page_view: () => ({
      type: 'page_view',
      sessionId: sessionId(),
      at: stamp(),
      pageViewId: randomUUID(),
      url: url(STORED.url),
      title: noise(STORED.title),
      referrer: url(STORED.referrer),
      potentialKeywords: Array.from({ length: STORED.keywords }, () => noise(STORED.keyword)),
    }),
    session_start: () => ({
      type: 'session_start',
      sessionId: sessionId(),
      at: stamp(),
      visitorId: randomUUID(),
      url: url(STORED.url),
      referrer: url(STORED.referrer),
      utm: {
        source: noise(STORED.utm),
        medium: noise(STORED.utm),
        campaign: noise(STORED.utm),
        term: noise(STORED.utm),
        content: noise(STORED.utm),
      },
      clickIds: { gclid: noise(STORED.clickId), msclkid: noise(STORED.clickId), fbclid: noise(STORED.clickId) },
      parsedReferrer: noise(STORED.source),
      trafficType: 'paid',
      campaignSource: noise(STORED.source),
    }),
    'page_view (short)': () => ({
      type: 'page_view',
      sessionId: sessionId(),
      at: stamp(),
      pageViewId: randomUUID(),
      url: url(200),
      title: noise(60),
      referrer: url(100),
      potentialKeywords: Array.from({ length: 5 }, () => noise(10)),
    }),
    // What the contract accepts (longer values are cut when stored), each event a session of its own.
    'page_view (accepted lengths)': () => ({
      type: 'page_view',
      sessionId: randomUUID(),
      at: stamp(),
      pageViewId: randomUUID(),
      url: url(LIMITS.url),
      title: noise(LIMITS.title),
      referrer: url(LIMITS.referrer),
      potentialKeywords: Array.from({ length: 10 }, () => noise(100)),
    }),
    'session_start (accepted lengths)': () => ({
      type: 'session_start',
      sessionId: randomUUID(),
      at: stamp(),
      visitorId: randomUUID(),
      url: url(LIMITS.url),
      referrer: url(LIMITS.referrer),
      utm: { source: noise(200), medium: noise(200), campaign: noise(200), term: noise(200), content: noise(200) },
      clickIds: { gclid: noise(500), msclkid: noise(500), fbclid: noise(500) },
      parsedReferrer: noise(200),
      trafficType: 'paid',
      campaignSource: noise(200),
    }),
    'interaction (accepted lengths)': () => interaction({ appId, metadata: { note: noise(LIMITS.metadataBytes - 20) } }),
    'search (accepted lengths)': () => ({
      type: 'search',
      sessionId: randomUUID(),
      at: stamp(),
      searchId: randomUUID(),
      query: noise(LIMITS.searchQuery),
      results: 0,
      opened: false,
    }),
    session_end: () => ({ type: 'session_end', sessionId: sessionId(), at: stamp(), timeOnSite: 100, pagesViewed: 3 }),
    interaction: () => interaction({ sessionId: sessionId(), appId, metadata: { note: noise(STORED.metadataBytes - 20) } }),
    search: () => ({
      type: 'search',
      sessionId: sessionId(),
      at: stamp(),
      searchId: randomUUID(),
      query: noise(STORED.searchQuery),
      results: 0,
      opened: false,
    }),
  };

  /**
   * What the database keeps: the live rows of every table (pg_column_size, TOAST included, as stored) and every
   * index. Space left by updated rows is not counted: vacuum makes it reusable.
   */
  const databaseBytes = async () => {
    const db = tracked.database.handle.db;
    const { rows: tables } = await sql<{ name: string }>`
      select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`.execute(db);
    let bytes = 0;
    for (const { name } of tables) {
      const { rows } = await sql<{ bytes: string | null }>`
        select (select sum(pg_column_size(t.*)) from ${sql.table(name)} t)::bigint
          + pg_indexes_size(${name}::regclass) as bytes`.execute(db);
      bytes += Number(rows[0]!.bytes ?? 0);
    }
    return bytes;
  };

  it.each(Object.keys(BATCHES))('of %s events, the fullest the limits allow, is at most MAX_STORED_BYTES_PER_BATCH', async (type) => {
    const ROUNDS = 10;
    await settled(tracked);
    const before = await databaseBytes();
    for (let round = 0; round < ROUNDS; round++) {
      const events = fullBatch(BATCHES[type]!);
      const response = await fetch(tracked.url('/api/analytics/collect'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `${BROWSER_UA} ${noise(STORED.userAgent)}` },
        body: JSON.stringify({ events }),
      });
      expect(response.status, await response.text()).toBe(202);
    }
    await settled(tracked);
    const perBatch = ((await databaseBytes()) - before) / ROUNDS;
    expect(perBatch).toBeLessThanOrEqual(MAX_STORED_BYTES_PER_BATCH);
  });
});
