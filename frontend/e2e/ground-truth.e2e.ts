/**
 * The ground truth: scripted visitors in Chromium browse the built site for two days (a ledger records every
 * step as they take it), and every figure the console shows for those days must equal what the ledger says,
 * exactly, for the range and time zone asked. Run against PostgreSQL and Redis, and in the embedded default
 * (PGlite, no Redis), as `npm start` runs it. The figures' definitions are docs/analytics.md's.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA } from '../../backend/src/analytics/testing/tracker-events.js';
import type { Growth } from '../../contracts/analytics/dashboard.js';
import { SCREENSHOTS_DIR } from './browser.js';
import { launchAsPerson, launchChromium } from './chromium.js';
import { startServerProcess, type ServerProcess } from '../../backend/src/shared/testing/server-process.js';
import {
  createTestDatabase,
  TEST_REDIS_URL,
  testConfig,
  uniqueName,
  clearRedisPrefix,
  type TestDatabase,
} from '../../backend/src/shared/testing/test-database.js';
import { countBy, dayAndHour, expectedFigures, expectedLeadActivity, Ledger, type LedgerRange } from './ground-truth/ledger.js';
import { launchAutomatedBrowser, Visitor, type Arrival } from './ground-truth/visitors.js';

const ADMIN = { email: 'owner@example.com', password: 'owner-secret' };
const TIME_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

interface Console {
  url: string;
  read<T>(path: string): Promise<T>;
}

/** Signs the owner in through the API, as the console does, and reads what its screens read. */
async function signedIn(url: string): Promise<Console> {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return {
    url,
    async read<T>(path: string) {
      const answer = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
}

function grantAdmin(env: Record<string, string>): Promise<unknown> {
  return promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ADMIN.email, '--password', ADMIN.password], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
}

interface AppRow {
  id: string;
  slug: string;
  category: string;
  views: number;
}

async function catalogue(url: string): Promise<Map<string, AppRow>> {
  const { items } = (await fetch(`${url}/api/apps?pageSize=100`).then((r) => r.json())) as { items: AppRow[] };
  return new Map(items.map((app) => [app.slug, app]));
}

let elsewhere: Server;
let elsewhereUrl = '';
let person: Browser;
beforeAll(async () => {
  person = await launchAsPerson({ backForwardCache: true });
  elsewhere = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Elsewhere</title>'),
  );
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await person?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

/**
 * Two days of visitors: yesterday one visitor from LinkedIn, who comes back today and takes the quiz; today
 * arrivals from search engines, an AI assistant, a newsletter, share links and direct, quick exits by every
 * way of leaving, reloads, the back button and its cache, two tabs of one visitor, searches with and without
 * results, and sign-ups through the dialog, the quiz and a share link.
 */
async function scriptedDays(url: string, ledger: Ledger): Promise<void> {
  const now = Date.now();

  const yesterday = await Visitor.create(person, ledger, url, 'returning', now - DAY_MS);
  let tab = await yesterday.arrive('/', {
    referer: 'https://www.linkedin.com/',
    source: 'linkedin',
    trafficType: 'social',
    channel: 'organic_social',
    utm: null,
  });
  await tab.follow('/c/finance');
  await tab.stay(1000);
  await tab.leave({ closing: yesterday });
  const returning = await yesterday.comeBack(person);
  tab = await returning.arrive('/');
  await tab.takeQuiz('quiz-taker@example.com');
  await tab.follow('/c/finance');
  await tab.follow('/app/receipt-sorter');
  await tab.leave('close the tab');
  await returning.closeBrowser();

  // A quick look at an app page from Google: gone in about a second.
  const googler = await Visitor.create(person, ledger, url, 'googler');
  tab = await googler.arrive('/app/lead-scorer', {
    referer: 'https://www.google.com/',
    source: 'google',
    trafficType: 'search',
    channel: 'organic_search',
    utm: null,
  });
  await tab.leave('close the tab');
  await googler.closeBrowser();

  const binger = await Visitor.create(person, ledger, url, 'binger');
  tab = await binger.arrive('/c/sales', {
    referer: 'https://www.bing.com/',
    source: 'bing',
    trafficType: 'search',
    channel: 'organic_search',
    utm: null,
  });
  await tab.stay(2000);
  await tab.leave({ to: elsewhereUrl });
  await binger.closeBrowser();

  // From the newsletter: a category, an app, back, the same app again.
  const reader = await Visitor.create(person, ledger, url, 'newsletter reader');
  tab = await reader.arrive('/?utm_source=newsletter&utm_medium=email&utm_campaign=launch', {
    source: 'newsletter',
    trafficType: 'referral',
    channel: 'email',
    utm: { source: 'newsletter', medium: 'email', campaign: 'launch' },
  });
  await tab.follow('/c/finance');
  await tab.follow('/app/invoice-chaser');
  await tab.back('/c/finance');
  await tab.follow('/app/invoice-chaser');
  await tab.clickJoinCallToAction();
  await tab.leave('close the tab');
  await reader.closeBrowser();

  // A second person opens the same app: three views by two people.
  const second = await Visitor.create(person, ledger, url, 'second viewer');
  tab = await second.arrive('/app/invoice-chaser');
  await tab.ready();
  await tab.stay(1000);
  await tab.leave({ to: elsewhereUrl });
  await second.closeBrowser();

  // From an AI assistant: searches with and without results, a result opened, a sign-up from the header.
  const assistant = await Visitor.create(person, ledger, url, 'assistant user');
  tab = await assistant.arrive('/', {
    referer: 'https://chatgpt.com/',
    source: 'chatgpt',
    trafficType: 'ai',
    channel: 'ai_assistants',
    utm: null,
  });
  await tab.search('payroll for bakers', false);
  await tab.search('invoice', true);
  await tab.openSearchResult();
  const shareLink = await tab.joinFromHeader('assistant-user@example.com');
  await tab.leave('close the tab');
  await assistant.closeBrowser();

  // A friend through the share link joins too.
  const friend = await Visitor.create(person, ledger, url, 'friend');
  tab = await friend.arrive(new URL(shareLink).pathname + new URL(shareLink).search);
  await tab.joinFromHeader('friend@example.com');
  await tab.leave({ to: elsewhereUrl });
  await friend.closeBrowser();

  // Arrivals from every kind of channel, each a short visit.
  const arrivals: [string, Arrival][] = [
    ['/?gclid=test-click-1', { source: 'google', trafficType: 'paid', channel: 'paid_search', utm: null }],
    [
      '/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring',
      {
        source: 'facebook',
        trafficType: 'paid',
        channel: 'paid_social',
        utm: { source: 'facebook', medium: 'paid_social', campaign: 'spring' },
      },
    ],
    [
      '/c/sales?utm_source=partner-blog&utm_medium=banner&utm_campaign=autumn',
      {
        source: 'partner-blog',
        trafficType: 'referral',
        channel: 'other_campaign',
        utm: { source: 'partner-blog', medium: 'banner', campaign: 'autumn' },
      },
    ],
    ['/c/productivity', { referer: 'https://t.co/x1y2z3', source: 'twitter', trafficType: 'social', channel: 'organic_social', utm: null }],
    [
      '/',
      {
        referer: 'https://www.perplexity.ai/search?q=spreadsheet+tools',
        source: 'perplexity',
        trafficType: 'ai',
        channel: 'ai_assistants',
        utm: null,
      },
    ],
    [
      '/about',
      {
        referer: 'https://small-business-blog.example/best-tools',
        source: 'small-business-blog.example',
        trafficType: 'referral',
        channel: 'referral',
        utm: null,
      },
    ],
  ];
  for (const [index, [path, arrival]] of arrivals.entries()) {
    const visitor = await Visitor.create(person, ledger, url, `arrival ${index}`);
    tab = await visitor.arrive(path, arrival);
    await tab.ready();
    await tab.leave(index % 2 === 0 ? 'close the tab' : { to: elsewhereUrl });
    await visitor.closeBrowser();
  }

  // Two tabs of one visitor: two visits, one visitor.
  const twoTabs = await Visitor.create(person, ledger, url, 'two tabs');
  const first = await twoTabs.arrive('/');
  const other = await twoTabs.arrive('/c/marketing');
  await first.ready();
  await other.ready();
  await first.leave('close the tab');
  await other.leave('close the tab');
  await twoTabs.closeBrowser();

  // A password reset link: one page, and its token stays out of the analytics.
  const resetter = await Visitor.create(person, ledger, url, 'resetter');
  tab = await resetter.arrive('/auth/reset-password#token=secret-reset-token');
  tab.visit.pages[0]!.path = '/auth/reset-password';
  await tab.ready();
  await tab.leave('close the tab');
  await resetter.closeBrowser();

  // A reload is a second page view of the same visit.
  const reloader = await Visitor.create(person, ledger, url, 'reloader');
  tab = await reloader.arrive('/c/analytics');
  await tab.ready();
  await tab.reload();
  await tab.ready();
  await tab.leave('close the tab');
  await reloader.closeBrowser();

  // Away to another site and back with the back button.
  const wanderer = await Visitor.create(person, ledger, url, 'wanderer');
  tab = await wanderer.arrive('/about');
  await tab.ready();
  await tab.awayAndBack(elsewhereUrl);
  await tab.ready();
  await tab.leave('close the tab');
  await wanderer.closeBrowser();
}

/**
 * Visits that are not people's: a headless browser that says so, crawlers that run the page's script, a
 * browser driven by automation under a person's user agent, and a script posting the tracker's batch.
 */
async function scriptedBots(url: string, ledger: Ledger): Promise<void> {
  const browsers: [string, string, Browser][] = [
    ['automation', 'headless Chromium', await launchChromium()],
    ['search-crawler', 'Googlebot', await launchAutomatedBrowser(BOT_UA)],
    ['ai-crawler', 'GPTBot', await launchAutomatedBrowser(GPTBOT_UA)],
    ['automation', "automation under a person's user agent", await launchAutomatedBrowser(BROWSER_UA)],
  ];
  for (const [kind, what, browser] of browsers) {
    const page = await browser.newPage();
    await page.goto(`${url}/c/finance`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.close({ runBeforeUnload: true });
    await browser.close();
    ledger.excluded.push({ class: kind, what });
  }
  const at = new Date().toISOString();
  const sessionId = randomUUID();
  const response = await fetch(`${url}/api/analytics/collect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
    body: JSON.stringify({
      events: [
        { type: 'session_start', sessionId, at, visitorId: randomUUID(), url: `${url}/`, referrer: null },
        {
          type: 'page_view',
          sessionId,
          at,
          pageViewId: randomUUID(),
          url: `${url}/`,
          title: 'Unsheet',
          referrer: null,
          potentialKeywords: [],
        },
      ],
    }),
  });
  expect(response.status).toBe(202);
  ledger.excluded.push({ class: 'automation', what: 'curl' });
}

type Daily = { day: string; sessions: number; pageViews: number }[];
type Sources = { trafficType: string; source: string; sessions: number }[];
type Campaigns = { source: string | null; medium: string | null; campaign: string | null; sessions: number }[];

/** Each figure as the console read it beside the ledger's, written to SCREENSHOTS_DIR for a person to read. */
function writeReport(label: string, rows: { figure: string; console: unknown; ledger: unknown }[]): void {
  const cell = (value: unknown) => `\`${JSON.stringify(value)}\``;
  const lines = rows.map((row) => `| ${row.figure} | ${cell(row.console)} | ${cell(row.ledger)} |`);
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOTS_DIR}ground-truth-${label}.md`, ['| figure | console | ledger |', '|---|---|---|', ...lines, ''].join('\n'));
}

function checksAgainstTheLedger(label: string, site: () => { url: string }) {
  const ledger = new Ledger();
  const report: { figure: string; console: unknown; ledger: unknown }[] = [];
  let admin: Console;
  let range: LedgerRange;
  let appsBefore: Map<string, AppRow>;

  beforeAll(async () => {
    const { url } = site();
    appsBefore = await catalogue(url);
    await scriptedDays(url, ledger);
    await scriptedBots(url, ledger);
    admin = await signedIn(url);
    const first = Math.min(...ledger.visits.map((visit) => visit.start));
    range = { from: dayAndHour(first, TIME_ZONE).day, to: dayAndHour(Date.now(), TIME_ZONE).day, timeZone: TIME_ZONE };
  }, 300_000);
  afterAll(() => writeReport(label, report));

  const query = () => `from=${range.from}&to=${range.to}&tz=${encodeURIComponent(range.timeZone)}`;
  const expected = () => expectedFigures(ledger, range, appsBefore);

  /**
   * Reads a figure until it equals the ledger's (the projections run a moment after the events arrive), and
   * fails with the difference when it does not within 30 s.
   */
  async function agrees<T>(figure: string, read: () => Promise<T>, ledgerSays: T): Promise<void> {
    let got: T | undefined;
    await expect.poll(async () => (got = await read()), { timeout: 30_000 }).toEqual(ledgerSays);
    report.push({ figure, console: got, ledger: ledgerSays });
  }

  it('counts the visits and page views of each day', async () => {
    await agrees('daily visits and page views', () => admin.read<Daily>(`/admin/analytics/daily?${query()}`), expected().daily);
  });

  it('credits every visit to where it came from', async () => {
    const sources = (rows: Sources) =>
      rows.map(({ source, sessions }) => ({ source, sessions })).sort((a, b) => a.source.localeCompare(b.source));
    await agrees(
      'visits by source',
      async () => sources(await admin.read<Sources>(`/admin/analytics/traffic-sources?${query()}`)),
      sources(expected().trafficSources),
    );
    await agrees('UTM campaigns', () => admin.read<Campaigns>(`/admin/analytics/utm-campaigns?${query()}`), expected().utmCampaigns);
  });

  it('shows the first row, top, entry and exit pages and channels as the visitors made them', async () => {
    const want = expected().firstRow;
    for (const key of Object.keys(want) as (keyof typeof want)[]) {
      await agrees(key, async () => (await admin.read<Record<string, unknown>>(`/admin/analytics/engagement?${query()}`))[key], want[key]);
    }
  });

  it('shows the engagement cards, categories and hours as the visitors made them', async () => {
    const want = expected().engagement;
    for (const key of Object.keys(want) as (keyof typeof want)[]) {
      await agrees(key, async () => (await admin.read<Record<string, unknown>>(`/admin/analytics/engagement?${query()}`))[key], want[key]);
    }
  });

  it('counts each view of an app by a person', async () => {
    const viewsAdded = async () => {
      const after = await catalogue(site().url);
      return Object.fromEntries(
        [...after].map(([slug, app]) => [slug, app.views - appsBefore.get(slug)!.views]).filter(([, n]) => n !== 0),
      );
    };
    await agrees('views added per app', viewsAdded, Object.fromEntries(expected().appViews));
    await agrees(
      'app views, leads and suggestions in the range',
      async () => {
        const { appViews, leadsJoined, suggestionsReceived } = await admin.read<Growth>(`/admin/analytics/growth?${query()}`);
        return { appViews, leadsJoined, suggestionsReceived };
      },
      {
        appViews: [...expected().appViews.values()].reduce((sum, n) => sum + n, 0),
        leadsJoined: expected().leadsJoined,
        suggestionsReceived: 0,
      },
    );
  });

  it("follows each lead's visits, however the lead joined", async () => {
    for (const email of ['quiz-taker@example.com', 'assistant-user@example.com', 'friend@example.com']) {
      const { items } = await admin.read<{ items: { id: string; email: string }[] }>(`/admin/leads?search=${encodeURIComponent(email)}`);
      const lead = items.find((row) => row.email === email);
      expect(lead, email).toBeDefined();
      await agrees(
        `lead detail of ${email}`,
        async () => {
          const detail = await admin.read<{ sessions: unknown[]; pageViews: unknown[]; sessionMetrics: Record<string, number> }>(
            `/admin/analytics/leads/by-id/${lead!.id}`,
          );
          return { ...detail.sessionMetrics, pageViews: detail.pageViews.length };
        },
        expectedLeadActivity(ledger, email),
      );
    }
  });

  it('shows what it left out, by class, and none of it in the figures above', async () => {
    await agrees(
      'visits left out, by class',
      async () => {
        const { classes } = await admin.read<{ classes: { class: string; sessions: number }[] }>(`/admin/analytics/bots?${query()}`);
        return Object.fromEntries(classes.filter((row) => row.sessions > 0).map((row) => [row.class, row.sessions]));
      },
      Object.fromEntries(countBy(ledger.excluded, (visit) => visit.class)),
    );
  });

  it('lists the searches that found nothing on the Demand tab', async () => {
    const want = expected().emptySearches;
    await agrees(
      'searches that found nothing',
      async () => {
        const demand = await admin.read<{ needs: { zeroResultSearches: number; samples: { wording: string }[] }[] }>(
          `/admin/analytics/demand?${query()}`,
        );
        const got = new Map<string, number>();
        for (const need of demand.needs) for (const sample of need.samples) got.set(sample.wording, need.zeroResultSearches);
        return Object.fromEntries([...want].map(([wording]) => [wording, got.get(wording)]));
      },
      Object.fromEntries(want),
    );
  });
}

describe('the console against the ledger, on PostgreSQL and Redis', () => {
  const redisPrefix = uniqueName('unsheet-truth');
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await grantAdmin({ DATABASE_URL: database.url });
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DEMO_CATALOGUE: 'true',
      RATE_LIMIT_FACTOR: '1000',
      APP_SECRET: testConfig().APP_SECRET!,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await clearRedisPrefix(redisPrefix);
  });
  checksAgainstTheLedger('postgresql', () => server);
});

describe('the console against the ledger, embedded (npm start as it comes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-truth-'));
  let server: ServerProcess;
  beforeAll(async () => {
    // PGlite's folder has one owner at a time: the administrator is made before the app starts.
    await grantAdmin({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '1000' }, 120_000);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  checksAgainstTheLedger('embedded', () => server);
});
