/**
 * The visitor tracker in Chromium against the built server: what it sends (checked against the ingest's own
 * schema of the wire contract), when (batched by time, flushed by beacon on page hide and unload), what the
 * server recorded and projected, and that a failing or hanging analytics endpoint never disturbs the page.
 *
 * Two ways to watch: requests intercepted in the browser (how a batch travels), and the server's event log
 * (what arrived; the only witness of the beacon sent while a document unloads, which the browser sends
 * after the page is gone and the test tools never see).
 */
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectBatchSchema, type TrackerEvent } from '../../contracts/analytics/collect.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, reload, trackerLoaded, trackerStarted, useSite, visit } from './browser.js';
import { launchAsPerson } from './chromium.js';

const site = useSite();

// Headless Chromium names itself in its user agent and says it is driven by automation, and such visits are
// left out of the figures: browse as a person's Chrome (chromium.ts).
let human: Browser;
beforeAll(async () => {
  human = await launchAsPerson();
});
afterAll(async () => {
  await human?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const COLLECT_PATH = '/api/analytics/collect';
const SEARCH_REFERRER = 'https://www.bing.com/search?q=chase+unpaid+invoices';
const APP_URL = 'https://invoice-chaser.unsheet.app/';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Batch {
  events: TrackerEvent[];
  /** 'ping' for a beacon, 'fetch' for a keepalive request. */
  via: string;
  contentType: string | undefined;
}

/**
 * Every batch the page sends while it lives, parsed with the server's schema of the contract (strict: an
 * extra or missing field fails). Watched, not intercepted: a request held for the test while its document
 * unloads can be lost when the test process is slow to let it go.
 */
function recordBatches(context: BrowserContext): Batch[] {
  const batches: Batch[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== COLLECT_PATH) return;
    batches.push({
      events: collectBatchSchema.parse(request.postDataJSON()).events,
      via: request.resourceType(),
      contentType: request.headers()['content-type'],
    });
  });
  return batches;
}

const CONTRACT_TYPES: Record<string, TrackerEvent['type']> = {
  AnalyticsSessionStarted: 'session_start',
  AnalyticsPageViewed: 'page_view',
  AnalyticsPageTimed: 'page_time',
  AnalyticsSessionEnded: 'session_end',
  AnalyticsAppInteraction: 'interaction',
};

/** What the server recorded for a session, in arrival order, as contract events (its own additions left out). */
async function arrived(sessionId: string): Promise<TrackerEvent[]> {
  const { rows } = await sql<{ type: string; data: Record<string, unknown> }>`
    select type, data from events where stream_id = ${`visit-${sessionId}`} order by global_position`.execute(site.db);
  return rows.map(({ type, data }) => {
    const { key: _key, ipHash: _ip, userAgent: _ua, browser: _browser, os: _os, deviceType: _device, ...event } = data;
    return { type: CONTRACT_TYPES[type], ...event } as TrackerEvent;
  });
}

function ofType<Type extends TrackerEvent['type']>(events: TrackerEvent[], type: Type) {
  return events.filter((event): event is Extract<TrackerEvent, { type: Type }> => event.type === type);
}

/** What a visitor switching tabs or minimising the window does to the page. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function show(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function sessionIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem('unsheet.session-id'));
  expect(id).toMatch(UUID_V4);
  return id!;
}

async function newContext(browser: Browser, serviceWorkers: 'allow' | 'block' = 'block'): Promise<BrowserContext> {
  // Playwright does not see, nor route, what passes through a service worker: these tests watch the wire
  // without it. The last test here allows it, for what a visitor's browser does with it.
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers });
  // The apps' own sites are not part of the test.
  await context.route(`${APP_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Invoice Chaser</title>' }));
  return context;
}

const appLink = (page: Page) => page.locator('main a[href="/app/invoice-chaser"]').first();
const financeCrumb = (page: Page) => page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Finance' });

describe('visitor tracker in Chromium', () => {
  let sessionId = '';
  let appId = '';

  it('sends one session start, a page view per route change with the time on the page left, and the app view', async () => {
    const context = await newContext(human);
    const batches = recordBatches(context);
    const page = await context.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const notes: string[] = [];
    page.on('console', (message) => notes.push(`${message.type()}: ${message.text()}`));
    context.on('requestfailed', (request) => notes.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && notes.push(`navigated: ${frame.url()}`));

    const landing = `${site.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`;
    const app = `${site.url}/app/invoice-chaser`;
    const category = `${site.url}/c/finance`;
    await page.goto(landing, { referer: SEARCH_REFERRER });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const homeTitle = await page.title();
    await trackerStarted(page);
    sessionId = await sessionIdOf(page);
    const visitorId = await page.evaluate(() => localStorage.getItem('unsheet.visitor-id'));
    expect(visitorId).toMatch(UUID_V4);

    // Client-side navigation: home → an app page → its category.
    await appLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    await page.waitForFunction((before) => document.title !== before, homeTitle);
    const appTitle = await page.title();
    await financeCrumb(page).click();
    await page.getByRole('heading', { level: 1, name: /Finance/ }).waitFor();
    await page.waitForFunction((before) => document.title !== before, appTitle);
    const categoryTitle = await page.title();
    // The category page is left after a second or more (its time is what is checked), by the page's own
    // clock: the tracker timed it from the route change, at the latest as its title changed.
    const categoryShownAt = await page.evaluate(() => Date.now());
    await page.waitForFunction((since) => Date.now() - since >= 1000, categoryShownAt);

    // A reload is a new document in the same browser session: no second session start.
    await reload(page);
    await trackerStarted(page);
    expect(await sessionIdOf(page)).toBe(sessionId);
    const reloadedReferrer = await page.evaluate(() => document.referrer || null);
    // What the server got, and what the browser sent: says which flush went missing.
    const explain = async (error: Error) => {
      const got = (await arrived(sessionId)).map((event) => event.type).join(', ');
      const sent = batches.map((batch) => `${batch.via}: ${batch.events.map((event) => event.type).join(', ')}`).join(' | ');
      throw new Error(`${error.message}\narrived: ${got}\nsent: ${sent}\npage: ${notes.join(' | ')}`);
    };
    // The session ends are compared in the order they arrive: the reload's (sent as the page before unloaded)
    // is in before the hide sends the next one.
    await eventually(async () => ofType(await arrived(sessionId), 'session_end').length === 1, { timeout: 30_000 }).catch(explain);
    await hide(page);
    await eventually(async () => ofType(await arrived(sessionId), 'session_end').length === 2, { timeout: 30_000 }).catch(explain);
    const events = await arrived(sessionId);

    // The last flush went by beacon, on hide, as JSON, in a batch the contract allows.
    expect(batches.at(-1)).toMatchObject({ via: 'ping', contentType: 'application/json' });
    for (const batch of batches) expect(batch.events.length).toBeLessThanOrEqual(20);
    expect(events.every((event) => event.sessionId === sessionId)).toBe(true);

    expect(ofType(events, 'session_start')).toEqual([
      {
        type: 'session_start',
        sessionId,
        at: expect.any(String),
        visitorId,
        url: landing,
        referrer: SEARCH_REFERRER,
        utm: { source: 'newsletter', medium: 'email', campaign: 'spring', term: null, content: null },
        clickIds: { gclid: null, msclkid: null, fbclid: null },
        parsedReferrer: 'bing',
        trafficType: 'search',
        campaignSource: 'newsletter',
        // What the visit's class is decided from (docs/analytics.md): a person's browser, from no data centre.
        automation: false,
        network: null,
      },
    ]);

    // In the order they were opened: the reloaded page's view goes out as it loads, and may arrive before the
    // beacon of the page unloading.
    const views = ofType(events, 'page_view').sort((a, b) => a.at.localeCompare(b.at));
    expect(views.map(({ url, title, referrer }) => ({ url, title, referrer }))).toEqual([
      { url: landing, title: homeTitle, referrer: SEARCH_REFERRER },
      { url: app, title: appTitle, referrer: landing },
      { url: category, title: categoryTitle, referrer: app },
      // A new document's first page has the document's referrer.
      { url: category, title: categoryTitle, referrer: reloadedReferrer },
    ]);
    expect(new Set(views.map((view) => view.pageViewId)).size).toBe(4);
    // The landing page came from a search whose query the referrer still carries; the others, from their words.
    expect(views[0]!.potentialKeywords).toEqual(['chase unpaid invoices', 'chase', 'unpaid', 'invoices']);
    expect(views[1]!.potentialKeywords).toEqual(expect.arrayContaining(['invoice', 'chaser']));
    expect(views[2]!.potentialKeywords).toEqual(expect.arrayContaining(['finance']));

    // Each page's time, sent once, when it was left: route change, reload, hide.
    const times = ofType(events, 'page_time');
    expect(times.map((time) => time.pageViewId).sort()).toEqual(views.map((view) => view.pageViewId).sort());
    expect(times.find((time) => time.pageViewId === views[2]!.pageViewId)!.seconds).toBeGreaterThanOrEqual(1);

    // One session end per page hide (the reload, then the hide); the last one wins on the server.
    const ends = ofType(events, 'session_end');
    expect(ends.map((end) => end.pagesViewed)).toEqual([3, 4]);
    expect(ends[1]!.timeOnSite).toBeGreaterThanOrEqual(Math.max(1, ends[0]!.timeOnSite));

    const interactions = ofType(events, 'interaction');
    expect(interactions).toEqual([
      {
        type: 'interaction',
        sessionId,
        at: expect.any(String),
        eventId: expect.stringMatching(UUID_V4),
        appId: expect.stringMatching(UUID_V4),
        action: 'view',
        metadata: { slug: 'invoice-chaser' },
      },
    ]);
    appId = interactions[0]!.appId!;
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lands in the read models: the session, its page views with their time, and the interaction', async () => {
    type Session = { pages_viewed: number; time_on_site: number | null; end_time: Date | null };
    const session = async () => (await sql<Session>`select * from user_sessions where session_id = ${sessionId}`.execute(site.db)).rows[0];
    await eventually(async () => (await session())?.pages_viewed === 4, { timeout: 30_000 });
    expect(await session()).toMatchObject({
      pages_viewed: 4,
      time_on_site: expect.any(Number),
      end_time: expect.any(Date),
      parsed_referrer: 'bing',
      traffic_type: 'search',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      campaign_source: 'newsletter',
    });

    type View = { page_path: string; time_on_page: number | null };
    const views = async () =>
      (await sql<View>`select page_path, time_on_page from page_views where session_id = ${sessionId} order by timestamp`.execute(site.db))
        .rows;
    await eventually(async () => (await views()).filter((view) => view.time_on_page !== null).length === 4, { timeout: 30_000 });
    expect((await views()).map((view) => view.page_path)).toEqual(['/', '/app/invoice-chaser', '/c/finance', '/c/finance']);

    await eventually(
      async () => {
        const { rows } = await sql`select 1 from app_interactions where session_id = ${sessionId}`.execute(site.db);
        return rows.length > 0;
      },
      { timeout: 15_000 },
    );
    const interactions = await sql<{ app_id: string; action_type: string }>`
      select app_id, action_type from app_interactions where session_id = ${sessionId}`.execute(site.db);
    expect(interactions.rows).toEqual([{ app_id: appId, action_type: 'view' }]);
  });

  it("records the opening of an app from home, and the app page's calls to action and its opening", async () => {
    const context = await newContext(human);
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await trackerStarted(page);
    const id = await sessionIdOf(page);
    const [fromHome] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('ready-app').filter({ hasText: 'Invoice Chaser' }).click(),
    ]);
    await fromHome.close();

    await visit(page, `${site.url}/app/invoice-chaser`);
    // The VIP List box shows its form in place.
    await page.getByTestId('vip-list').getByRole('button', { name: 'Join the VIP List' }).click();
    await page.getByTestId('vip-list').getByRole('textbox').waitFor();
    await page.getByRole('button', { name: 'Join 100 Early Explorers' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Try Invoice Chaser now/ }).click()]);
    await opened.close();

    await hide(page);
    // Leaving home for the app page's new document ended a first stretch of the session; the hide, a second.
    await eventually(async () => ofType(await arrived(id), 'session_end').length === 2, { timeout: 30_000 });
    // In the order they happened: the app page sends its view as it loads, which may arrive before the beacon
    // of the home page unloading.
    const interactions = ofType(await arrived(id), 'interaction').sort((a, b) => a.at.localeCompare(b.at));
    expect(interactions.map(({ action, metadata }) => ({ action, metadata }))).toEqual([
      { action: 'open_app', metadata: { from: 'ready_to_try' } },
      { action: 'view', metadata: { slug: 'invoice-chaser' } },
      { action: 'cta_click', metadata: { cta: 'vip_list' } },
      { action: 'cta_click', metadata: { cta: 'join_cta' } },
      { action: 'open_app', metadata: { from: 'try_now' } },
    ]);
    expect(new Set(interactions.map((event) => event.appId))).toEqual(new Set([appId]));
    await context.close();
  });

  it('records the copying of a share link as a share', async () => {
    const context = await newContext(human);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await trackerStarted(page);
    const id = await sessionIdOf(page);
    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('sharer@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copied!' }).waitFor();
    await hide(page);
    await eventually(async () => ofType(await arrived(id), 'session_end').length === 1, { timeout: 30_000 });
    const interactions = ofType(await arrived(id), 'interaction');
    expect(interactions.map(({ appId, action, metadata }) => ({ appId, action, metadata }))).toEqual([
      { appId: null, action: 'share', metadata: { channel: 'copy_link' } },
    ]);
    await context.close();
  });

  it('batches by time: what happened goes out within 5 seconds without a page hide; a bot’s visit is kept and classified', async () => {
    // Chromium's own headless user agent: the server keeps the batch, and the visits projection classifies the
    // visit as automation, left out of the figures.
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const batches = recordBatches(context);
    const page = await context.newPage();
    const response = page.waitForResponse((candidate) => new URL(candidate.url()).pathname === COLLECT_PATH, {
      timeout: 15_000,
    });
    await visit(page, `${site.url}/about`);
    const aboutTitle = await page.title();
    await trackerStarted(page);
    const answered = await response;
    expect(answered.status()).toBe(202);
    expect(await answered.json()).toEqual({ accepted: 2, dropped: 0 });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ via: 'fetch', contentType: 'application/json' });
    expect(batches[0]!.events.map((event) => event.type)).toEqual(['session_start', 'page_view']);
    // The first page's view waits for the page to render its own title.
    expect(batches[0]!.events[1]).toMatchObject({ title: aboutTitle, url: `${site.url}/about`, referrer: null });
    expect(aboutTitle).toBe('About | Unsheet');
    const botSession = batches[0]!.events[0]!.sessionId;
    await eventually(
      async () => {
        const { rows } = await sql<{ traffic_class: string; traffic_rule: string }>`
          select traffic_class, traffic_rule from user_sessions where session_id = ${botSession}`.execute(site.db);
        return rows[0]?.traffic_class === 'automation' && rows[0].traffic_rule === 'user-agent:HeadlessChrome';
      },
      { timeout: 15_000 },
    );
    await context.close();
  });

  it('sends the visit as the page renders its own title, and its time on page hide, before the tracker has loaded', async () => {
    const context = await newContext(human);
    const batches = recordBatches(context);
    const page = await context.newPage();
    // A page whose title the app renders (the server writes it only for home, categories and apps).
    await visit(page, `${site.url}/contact`);
    await eventually(() => batches.length > 0, { timeout: 15_000 });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.via).toBe('fetch');
    expect(batches[0]!.events.map((event) => event.type)).toEqual(['session_start', 'page_view']);
    expect(batches[0]!.events[1]).toMatchObject({ url: `${site.url}/contact`, title: 'Contact | Unsheet' });
    expect(await trackerLoaded(page)).toBe(false);
    await hide(page);
    await eventually(() => batches.length > 1, { timeout: 15_000 });
    expect(batches).toHaveLength(2);
    expect(batches[1]!.via).toBe('ping');
    expect(batches[1]!.events.map((event) => event.type)).toEqual(['page_time', 'session_end']);
    await context.close();
  });

  it('sends the visit as the page loads where the server wrote its title, with the app’s view on an app’s page', async () => {
    const context = await newContext(human);
    const batches = recordBatches(context);
    const page = await context.newPage();
    const appViews: string[] = [];
    context.on('request', (request) => {
      if (/^\/api\/apps\/[^/]+\/views$/.test(new URL(request.url()).pathname)) appViews.push(request.postData() ?? '');
    });
    await page.goto(`${site.url}/app/invoice-chaser`, { waitUntil: 'commit' });
    await eventually(() => batches.length > 0, { timeout: 15_000 });
    const sessionId = await sessionIdOf(page);
    expect(batches[0]!.via).toBe('fetch');
    expect(batches[0]!.events.map((event) => event.type)).toEqual(['session_start', 'page_view', 'interaction']);
    expect(batches[0]!.events[1]).toMatchObject({ url: `${site.url}/app/invoice-chaser`, title: expect.stringMatching(/Invoice Chaser/) });
    expect(batches[0]!.events[2]).toMatchObject({ action: 'view', metadata: { slug: 'invoice-chaser' } });
    // The landing page view's id names the view, so a request sent again counts once.
    const { pageViewId } = batches[0]!.events[1] as { pageViewId: string };
    expect(appViews).toEqual([JSON.stringify({ sessionId, viewId: pageViewId })]);
    // The app's script, and then the tracker, take over: neither sends any of it again.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await trackerStarted(page);
    await hide(page);
    await eventually(() => batches.some((batch) => batch.via === 'ping'), { timeout: 15_000 });
    const sent = batches.flatMap((batch) => batch.events.map((event) => event.type));
    expect(sent).toEqual(['session_start', 'page_view', 'interaction', 'page_time', 'session_end']);
    expect(appViews).toHaveLength(1);
    await context.close();
  });

  it('sends no fragment and no query parameter but attribution’s, from the inline part and from the tracker', async () => {
    const context = await newContext(human);
    const batches = recordBatches(context);
    const sent = () => JSON.stringify(batches.flatMap((batch) => batch.events));
    // Left before the tracker loads: the inline part's beacon.
    const early = await context.newPage();
    await visit(early, `${site.url}/contact?token=secret-1&utm_source=newsletter#token=secret-2`);
    await hide(early);
    await eventually(() => batches.length > 0, { timeout: 15_000 });
    expect(batches[0]!.events[1]).toMatchObject({ url: `${site.url}/contact?utm_source=newsletter` });
    await early.close();
    // The tracker, in a tab of its own (a session of its own).
    const page = await context.newPage();
    await visit(page, `${site.url}/?category=finance&email=jane%40example.com#token=secret-3`);
    await trackerStarted(page);
    const sessionId = await sessionIdOf(page);
    await hide(page);
    const ofSession = () => batches.flatMap((batch) => batch.events).filter((event) => event.sessionId === sessionId);
    await eventually(() => ofType(ofSession(), 'session_end').length > 0, { timeout: 15_000 });
    expect(ofType(ofSession(), 'session_start')[0]!.url).toBe(`${site.url}/?category=finance`);
    for (const secret of ['secret-', 'jane', 'token']) expect(sent()).not.toContain(secret);
    await context.close();
  });

  it('keeps the pages a visitor went through before the tracker had loaded, each with its own title', async () => {
    const context = await newContext(human);
    const batches = recordBatches(context);
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    const homeTitle = await page.title();
    await appLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    await page.waitForFunction((before) => document.title !== before, homeTitle);
    const appTitle = await page.title();
    await financeCrumb(page).click();
    await page.getByRole('heading', { level: 1, name: /Finance/ }).waitFor();
    expect(await trackerLoaded(page)).toBe(false);
    await trackerStarted(page);
    await hide(page);
    await eventually(
      () =>
        ofType(
          batches.flatMap((batch) => batch.events),
          'session_end',
        ).length === 1,
      { timeout: 15_000 },
    );
    const views = ofType(
      batches.flatMap((batch) => batch.events),
      'page_view',
    );
    expect(views.map(({ url, title }) => ({ url, title }))).toEqual([
      { url: `${site.url}/`, title: homeTitle },
      { url: `${site.url}/app/invoice-chaser`, title: appTitle },
      { url: `${site.url}/c/finance`, title: await page.title() },
    ]);
    await context.close();
  });

  it('keeps no visitor id when the browser asks for privacy (Global Privacy Control)', async () => {
    const context = await newContext(human);
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
    const batches = recordBatches(context);
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await trackerStarted(page);
    await hide(page);
    await eventually(() => batches.length > 0, { timeout: 15_000 });
    expect(batches[0]!.events[0]).toMatchObject({ type: 'session_start', visitorId: null });
    expect(await page.evaluate(() => localStorage.getItem('unsheet.visitor-id'))).toBeNull();
    await context.close();
  });

  it('loses no batch of a page the service worker controls when it unloads', async () => {
    // The page's beacon on unload used to pass through the service worker, which took control during the
    // first visit: in about half of such visits Chromium dropped it, and with it everything the visitor had
    // done on that page. Several visits, so a drop that only happens now and then still fails the test.
    for (let visitNumber = 1; visitNumber <= 4; visitNumber++) {
      const context = await newContext(human, 'allow');
      const page = await context.newPage();
      await visit(page, `${site.url}/?utm_source=newsletter`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await trackerStarted(page);
      const visitSession = await sessionIdOf(page);
      await appLink(page).click();
      await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
      // The app page is left at once, before the 5-second timer: only the beacon on unload carries its events.
      await reload(page);
      await eventually(async () => ofType(await arrived(visitSession), 'session_end').length === 1, { timeout: 15_000 }).catch(async () => {
        const got = (await arrived(visitSession)).map((event) => event.type).join(', ') || 'nothing';
        throw new Error(`visit ${visitNumber}: the first page's beacon did not arrive (arrived: ${got})`);
      });
      // The reloaded page is a page view of its own, sent as it loads.
      await eventually(async () => ofType(await arrived(visitSession), 'page_view').length === 3, { timeout: 15_000 });
      const events = await arrived(visitSession);
      expect(ofType(events, 'session_start')).toHaveLength(1);
      const views = ofType(events, 'page_view').sort((a, b) => a.at.localeCompare(b.at));
      expect(views.map((view) => new URL(view.url).pathname)).toEqual(['/', '/app/invoice-chaser', '/app/invoice-chaser']);
      await context.close();
    }
  });

  it('never holds the page up: hanging or failing analytics requests leave it working, and failed batches are sent again', async () => {
    const context = await newContext(human);
    const page = await context.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const notes: string[] = [];
    page.on('console', (message) => notes.push(`${message.type()}: ${message.text()}`));
    context.on('requestfailed', (request) => notes.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && notes.push(`navigated: ${frame.url()}`));

    // First the endpoint hangs: the page must move on regardless.
    const hanging: (() => Promise<void>)[] = [];
    let attempts = 0;
    await page.route(`**${COLLECT_PATH}`, (route) => {
      attempts += 1;
      hanging.push(() => route.abort('failed'));
    });
    await visit(page, `${site.url}/`);
    await trackerStarted(page);
    const id = await sessionIdOf(page);
    await eventually(() => hanging.length >= 1, { timeout: 30_000 }); // the 5-second flush is in flight, unanswered
    await appLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    await page.getByTestId('vip-list').getByRole('button', { name: 'Join the VIP List' }).click();
    await page.getByTestId('vip-list').getByRole('textbox').waitFor();

    // Then it fails: the batch is kept and goes out again with the next flush.
    const sendFailures = () => notes.filter((note) => note.startsWith('debug: Analytics: sending failed')).length;
    const failing = hanging.length;
    for (const fail of hanging.splice(0)) await fail();
    // The page has taken each failure and put its batch back (it logs each one) before the route goes.
    await eventually(() => sendFailures() >= failing, { timeout: 15_000 });
    await page.unroute(`**${COLLECT_PATH}`);
    await hide(page);
    await eventually(async () => ofType(await arrived(id), 'session_end').length === 1, { timeout: 30_000 });
    const events = await arrived(id);
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(events.map((event) => event.type).sort()).toEqual(
      ['session_start', 'page_view', 'page_view', 'page_time', 'page_time', 'interaction', 'interaction', 'session_end'].sort(),
    );

    await show(page);
    await financeCrumb(page).click();
    await page.getByRole('heading', { level: 1, name: /Finance/ }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}analytics-failing-endpoint.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
