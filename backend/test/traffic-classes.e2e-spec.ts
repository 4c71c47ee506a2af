/**
 * Every tracker batch is kept and each session classified (docs/analytics.md, "Bots and other excluded
 * traffic"), over HTTP on real PostgreSQL: crawlers, automation, a spam referrer and a data-centre address are
 * counted by class and rule at GET /api/admin/analytics/bots and reach none of the person figures (sessions,
 * page views, app views, demand signals); a rule configured later, applied by `npm run analytics:reclassify`,
 * moves exactly the sessions it names.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, interaction, pageView, search, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { BOT_TRAFFIC_STREAM, type AnalyticsBotTrafficDropped } from '../src/analytics/analytics.events.js';
import { AddApp } from '../src/catalogue/commands/add-app.command.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';

const run = promisify(execFile);

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36';
const CURL = 'curl/8.5.0';
/** A browser whose user agent carries a token no list knows yet (the AI crawler configured later). */
const MOONWALKER = `${BROWSER_UA} Moonwalker/1.0`;
/** The test's data-centre ranges: loopback and private ones listed too, which must never count as one. */
const RANGES = 'testcloud=203.0.113.0/24,lan=10.0.0.0/8,lo=127.0.0.0/8';

const today = new Date().toISOString().slice(0, 10);
const range = `from=${today}&to=${today}&tz=UTC`;

let api: ApiHarness;
let appId: string;

beforeAll(async () => {
  api = await startApi({ TRUST_PROXY: 'loopback', ANALYTICS_DATA_CENTRE_RANGES: RANGES });
  await api.signInAsAdmin();
  ({ id: appId } = await api.app
    .get(CommandBus)
    .execute(new AddApp({ name: `Classified ${randomUUID()}`, category: 'Finance', description: 'Viewed.' })));
});
afterAll(async () => {
  await api?.close();
});

/** One visit as the tracker sends it: its start, a page view, a view of the app and a search, in one batch. */
async function visit(
  userAgent: string,
  {
    referrer = null,
    automation,
    forwardedFor,
    need,
  }: { referrer?: string | null; automation?: boolean; forwardedFor?: string; need: string },
) {
  const sessionId = randomUUID();
  const response = await fetch(api.url('/api/analytics/collect'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({
      events: [
        sessionStart({ sessionId, referrer, ...(automation === undefined ? {} : { automation }) }),
        pageView({ sessionId, url: 'https://unsheet.app/', referrer }),
        interaction({ sessionId, appId, action: 'view' }),
        search({ sessionId, query: need, results: 0 }),
      ],
    }),
  });
  expect(response.status).toBe(202);
  // Kept whole, whoever sent it: nothing is dropped.
  expect(await response.json()).toEqual({ accepted: 4, dropped: 0 });
}

/** What the console shows for today: the person figures and the excluded traffic. */
async function figures() {
  await settled(api);
  const [engagement, daily, sources, demand, bots] = await Promise.all(
    ['engagement', 'daily', 'traffic-sources', 'demand', 'bots'].map(async (path) => {
      const { status, body } = await api.get(`/api/admin/analytics/${path}?${range}`);
      expect(status, path).toBe(200);
      return body;
    }),
  );
  const needs = (demand.needs as { label: string; searches: number }[]).map(({ label, searches }) => ({ label, searches }));
  return {
    sessions: engagement.totalSessions as number,
    topCategories: engagement.topCategories,
    daily,
    sourceSessions: (sources as { sessions: number }[]).reduce((sum, row) => sum + row.sessions, 0),
    needs,
    bots,
  };
}

const counts = (sessions: number, events: number, batches = 0) => ({ sessions, events, batches });
const rule = (name: string, sessions: number, events: number, batches = 0) => ({ rule: name, ...counts(sessions, events, batches) });

describe('traffic classes over HTTP', () => {
  it('keeps every batch, counts each non-person session by class and rule, and leaves them out of every figure', async () => {
    // People: a browser on this machine, one behind the trusted proxy on a private network, and two that only a
    // rule configured later will call otherwise.
    await visit(BROWSER_UA, { need: 'person need' });
    await visit(BROWSER_UA, { forwardedFor: '10.0.0.5', need: 'person need' });
    await visit(BROWSER_UA, { referrer: 'https://newspam.example/offer', need: 'person need' });
    await visit(MOONWALKER, { need: 'person need' });
    // Everything else, each with its view and its search.
    await visit(CURL, { need: 'bot need' });
    await visit(BOT_UA, { need: 'bot need' });
    await visit(GPTBOT, { need: 'bot need' });
    await visit(HEADLESS, { need: 'bot need' });
    await visit(BROWSER_UA, { automation: true, need: 'bot need' });
    await visit(BROWSER_UA, { referrer: 'https://semalt.com/', need: 'bot need' });
    await visit(BROWSER_UA, { forwardedFor: '203.0.113.7', need: 'bot need' });
    // A bot batch dropped at ingest before every batch was kept: still in the log, counted by its user agent.
    const dropped: AnalyticsBotTrafficDropped = {
      type: 'AnalyticsBotTrafficDropped',
      data: { at: new Date().toISOString(), events: 3, bot: 'GPTBot/1.0' },
    };
    await api.app.get(EventStore).appendUnversioned([{ streamId: BOT_TRAFFIC_STREAM, ...dropped }]);

    const before = await figures();
    expect(before.sessions).toBe(4);
    expect(before.daily).toEqual([{ day: today, sessions: 4, pageViews: 4 }]);
    expect(before.sourceSessions).toBe(4);
    expect(before.topCategories).toEqual([{ category: 'Finance', count: 4 }]);
    expect(before.needs).toEqual([{ label: 'person need', searches: 4 }]);
    // Each excluded visit: one page view and one interaction.
    expect(before.bots).toEqual({
      ...counts(7, 14 + 3, 1),
      classes: [
        { class: 'search-crawler', ...counts(1, 2), topRules: [rule('user-agent:Googlebot', 1, 2)] },
        { class: 'ai-crawler', ...counts(1, 2 + 3, 1), topRules: [rule('user-agent:GPTBot', 1, 2 + 3, 1)] },
        {
          class: 'automation',
          ...counts(3, 6),
          topRules: [rule('session:automation', 1, 2), rule('user-agent:curl', 1, 2), rule('user-agent:HeadlessChrome', 1, 2)],
        },
        { class: 'data-centre', ...counts(1, 2), topRules: [rule('network:testcloud', 1, 2)] },
        { class: 'referrer-spam', ...counts(1, 2), topRules: [rule('referrer:semalt.com', 1, 2)] },
      ],
      days: [{ day: today, batches: 1, events: 3 }],
    });

    // A referrer-spam host and an AI crawler's token configured, and past traffic reclassified by the command.
    await run('node_modules/.bin/tsx', ['backend/src/cli/reclassify-traffic.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: api.database.url,
        ANALYTICS_REFERRER_SPAM: 'newspam.example',
        ANALYTICS_AI_CRAWLERS: 'Moonwalker',
        ANALYTICS_DATA_CENTRE_RANGES: RANGES,
      },
    });

    // Exactly those two sessions moved, each to its class; nothing else did.
    const after = await figures();
    expect(after.sessions).toBe(2);
    expect(after.daily).toEqual([{ day: today, sessions: 2, pageViews: 2 }]);
    expect(after.sourceSessions).toBe(2);
    expect(after.topCategories).toEqual([{ category: 'Finance', count: 2 }]);
    expect(after.needs).toEqual([{ label: 'person need', searches: 2 }]);
    expect(after.bots).toEqual({
      ...before.bots,
      ...counts(9, 18 + 3, 1),
      classes: [
        before.bots.classes[0],
        {
          class: 'ai-crawler',
          ...counts(2, 4 + 3, 1),
          topRules: [rule('user-agent:GPTBot', 1, 2 + 3, 1), rule('user-agent:Moonwalker', 1, 2)],
        },
        before.bots.classes[2],
        before.bots.classes[3],
        {
          class: 'referrer-spam',
          ...counts(2, 4),
          topRules: [rule('referrer:newspam.example', 1, 2), rule('referrer:semalt.com', 1, 2)],
        },
      ],
    });
  });

  it('believes X-Forwarded-For only from a trusted proxy: untrusted, the connection’s loopback address is no data centre', async () => {
    const untrusting = await startApi({ TRUST_PROXY: '0', ANALYTICS_DATA_CENTRE_RANGES: RANGES });
    try {
      await untrusting.signInAsAdmin();
      const sessionId = randomUUID();
      const response = await fetch(untrusting.url('/api/analytics/collect'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ events: [sessionStart({ sessionId }), pageView({ sessionId })] }),
      });
      expect(response.status).toBe(202);
      await settled(untrusting);
      expect((await untrusting.get(`/api/admin/analytics/engagement?${range}`)).body.totalSessions).toBe(1);
      expect((await untrusting.get(`/api/admin/analytics/bots?${range}`)).body.sessions).toBe(0);
    } finally {
      await untrusting.close();
    }
  });
});
