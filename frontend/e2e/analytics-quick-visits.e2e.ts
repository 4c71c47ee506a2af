/**
 * Quick visits in Chromium against the built server: a visit counts from its first moment, however short and
 * however it ends (the tab closed, another site, back, the window closed, the browser quitting), by what the
 * part every page carries sends as the page loads (the inline script in the page, before the app's script
 * has run) and on page hide (the inline part, or the app's before the tracker has loaded), and nothing is
 * counted twice when the app's script or the tracker loads afterwards; a page is one page view, however it
 * rewrites its own address. Checked where the administrator reads it: the projected rows (user_sessions,
 * page_views, app_interactions), and the event log for anything sent twice.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type RawBuilder } from 'kysely';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { trackerLoaded, trackerStarted, useSite } from './browser.js';
import { launchAsPerson, launchAsPersonToKill } from './chromium.js';

const site = useSite();

// Headless Chromium names itself in its user agent and says it is driven by automation, and the server drops
// bots' events: browse as a person's Chrome (chromium.ts).
let human: Browser;
// Another origin to leave for, served for real: a route the test process answers would put every request of
// the context, the beacon of a page going away included, through the test process, which can lose it. On the
// same host: a page left for another site is unloaded in its own process, which Chromium gives only a moment
// to run its page-hide handlers before ending it, too short on this machine shared by several test runs.
let elsewhere: Server;
let elsewhereUrl = '';
beforeAll(async () => {
  human = await launchAsPerson();
  elsewhere = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Elsewhere</title>'),
  );
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await human?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});
const APP_TITLE = /Invoice Chaser/;

function newContext(): Promise<BrowserContext> {
  return human.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
}

type Leave = 'to another origin' | 'by closing the tab';

async function leave(page: Page, how: Leave): Promise<void> {
  if (how === 'to another origin') await page.goto(elsewhereUrl);
  else await page.close({ runBeforeUnload: true });
}

/** Waits until the page has been open `ms` by its own clock (from the start of its navigation). */
async function openFor(page: Page, ms: number): Promise<void> {
  await page.waitForFunction((until) => performance.now() >= until, ms, { polling: 20 });
}

/**
 * Waits until the app's script has run (it drops the server's SEO tags first thing): nothing in the page can
 * count a visit before. The server adds that script two frames after the first paint; on this machine, shared
 * by several test runs, it runs 2–8 s after landing. Returns when it had run, by the page's clock.
 */
async function appScriptRan(page: Page): Promise<number> {
  await page.waitForFunction(() => document.head.querySelector('[data-ssr]') === null, undefined, { polling: 10 });
  return page.evaluate(() => performance.now());
}

interface Visit {
  session: {
    session_id: string;
    pages_viewed: number;
    traffic_type: string;
    campaign_source: string | null;
    parsed_referrer: string | null;
    landing_url: string | null;
  };
  views: { page_view_id: string; page_path: string; page_title: string }[];
  interactions: { action_type: string }[];
  /** Events in the log per idempotency key (session_start, page_view, page_time, interaction). */
  sentTwice: string[];
}

/** What the projection made of the visit that landed on `landingUrl` (the only one with that URL). */
async function visitOf(landingUrl: string): Promise<Visit | undefined> {
  const sessions = await sql<{ session_id: string }>`select session_id from user_sessions where landing_url = ${landingUrl}`.execute(
    site.db,
  );
  expect(sessions.rows.length).toBeLessThanOrEqual(1);
  return sessions.rows[0] && visitOfSession(sessions.rows[0].session_id);
}

async function visitOfSession(sessionId: string): Promise<Visit | undefined> {
  const sessions = await sql<Visit['session']>`
    select session_id, pages_viewed, traffic_type, campaign_source, parsed_referrer, landing_url
    from user_sessions where session_id = ${sessionId}`.execute(site.db);
  const session = sessions.rows[0];
  if (!session) return undefined;
  const views = await sql<Visit['views'][number]>`
    select page_view_id, page_path, page_title from page_views where session_id = ${session.session_id} order by timestamp`.execute(
    site.db,
  );
  const interactions = await sql<Visit['interactions'][number]>`
    select action_type from app_interactions where session_id = ${session.session_id} order by timestamp`.execute(site.db);
  const repeated = await sql<{ key: string }>`
    select data->>'key' as key from events
    where stream_id = ${`visit-${session.session_id}`} and data ? 'key'
    group by data->>'key' having count(*) > 1`.execute(site.db);
  return { session, views: views.rows, interactions: interactions.rows, sentTwice: repeated.rows.map((row) => row.key) };
}

/** The visit once the projection shows `pages` page views for it (and has had time to show more, if any). */
async function projected(landingUrl: string, pages: number): Promise<Visit> {
  return projectedVisit(() => visitOf(landingUrl), pages, sql`(select stream_id from events where data->>'url' = ${landingUrl})`);
}

/** The visit of session `sessionId` once the projection shows `pages` page views for it. */
async function projectedSession(sessionId: string, pages: number): Promise<Visit> {
  return projectedVisit(() => visitOfSession(sessionId), pages, sql`(${`visit-${sessionId}`})`);
}

async function projectedVisit(read: () => Promise<Visit | undefined>, pages: number, streams: RawBuilder<unknown>): Promise<Visit> {
  let visit: Visit | undefined;
  await eventually(
    async () => {
      visit = await read();
      return visit !== undefined && visit.views.length >= pages && visit.session.pages_viewed >= pages;
    },
    { timeout: 30_000 },
  ).catch(async () => {
    const { rows } = await sql<{ type: string }>`
      select type from events where stream_id in ${streams} order by global_position`.execute(site.db);
    const logged = rows.map((row) => row.type).join(', ') || 'nothing';
    throw new Error(`the visit shows ${JSON.stringify(visit ?? 'nothing')}; the event log has ${logged}`);
  });
  // Anything sent twice, or a page counted twice, has had the time to arrive too.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return (await read())!;
}

describe('quick visits in Chromium', () => {
  const cases: [number, Leave][] = [
    [300, 'by closing the tab'],
    [300, 'to another origin'],
    [1000, 'to another origin'],
    [1000, 'by closing the tab'],
    [2000, 'by closing the tab'],
    [2000, 'to another origin'],
    [5000, 'to another origin'],
    [5000, 'by closing the tab'],
  ];

  it.each(cases)(
    'counts a paid click on an app page left %i ms after landing (at the earliest once its script has run) %s, once',
    async (ms, how) => {
      const context = await newContext();
      const page = await context.newPage();
      const landing = `${site.url}/app/invoice-chaser?gclid=quick-${randomUUID()}`;
      await page.goto(landing, { waitUntil: 'commit' });
      const ran = await appScriptRan(page);
      await openFor(page, ms);
      // The tracker loads 3 s after the load event: the quick ones leave before, with only the part every page carries.
      const loaded = await trackerLoaded(page);
      if (ms < 2000) expect(loaded).toBe(false);
      await leave(page, how);
      console.info(
        `left ${Math.round(Math.max(ran, ms))} ms after landing (its script ran at ${Math.round(ran)} ms), tracker loaded: ${loaded}`,
      );

      const visit = await projected(landing, 1);
      expect(visit.session).toMatchObject({ pages_viewed: 1, traffic_type: 'paid', campaign_source: 'google_ads' });
      expect(visit.views).toHaveLength(1);
      expect(visit.views[0]).toMatchObject({ page_path: '/app/invoice-chaser', page_title: expect.stringMatching(APP_TITLE) });
      expect(visit.sentTwice).toEqual([]);
      await context.close();
    },
  );

  it('counts every page of a 6-page visit at 0.7 s a page, left to another origin, once each', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const landing = `${site.url}/?utm_source=quick-${randomUUID()}`;
    await page.goto(landing);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const steps = [
      () => page.locator('main a[href="/app/invoice-chaser"]').first(),
      () => page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Finance' }),
      () => page.locator('footer a[href="/about"]'),
      () => page.locator('footer a[href="/contact"]'),
      () => page.locator('footer a[href="/privacy"]'),
    ];
    let shownAt = 0;
    for (const link of steps) {
      await openFor(page, shownAt + 700);
      const path = (await link().getAttribute('href'))!;
      await link().click();
      await page.waitForURL((url) => url.pathname === path);
      shownAt = await page.evaluate(() => performance.now());
    }
    await openFor(page, shownAt + 700);
    await leave(page, 'to another origin');

    const visit = await projected(landing, 6);
    expect(visit.views.map((view) => view.page_path)).toEqual(['/', '/app/invoice-chaser', '/c/finance', '/about', '/contact', '/privacy']);
    expect(visit.views.every((view) => view.page_title !== '')).toBe(true);
    expect(visit.session.pages_viewed).toBe(6);
    expect(visit.interactions).toEqual([{ action_type: 'view' }]);
    expect(visit.sentTwice).toEqual([]);
    await context.close();
  });

  it('counts a visitor who switches tabs before the tracker has loaded and comes back, once, when the tracker loads', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const landing = `${site.url}/app/invoice-chaser?utm_source=quick-${randomUUID()}`;
    await page.goto(landing);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await openFor(page, 1000);
    await setVisibility(page, 'hidden');
    // The beacon sent on hide is what counts the visit so far.
    await projected(landing, 1);
    await setVisibility(page, 'visible');
    await trackerStarted(page);
    // The tracker has what the beacon sent, and carries on from there.
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Finance' })
      .click();
    await page.waitForURL((url) => url.pathname === '/c/finance');
    await page.waitForFunction(() => /Finance/.test(document.title));
    await leave(page, 'to another origin');

    const visit = await projected(landing, 2);
    expect(visit.views.map((view) => view.page_path)).toEqual(['/app/invoice-chaser', '/c/finance']);
    expect(visit.session.pages_viewed).toBe(2);
    expect(visit.interactions).toEqual([{ action_type: 'view' }]);
    expect(visit.sentTwice).toEqual([]);
    await context.close();
  });
});

describe('visits that end before the app’s script has run', () => {
  it.each<Leave>(['by closing the tab', 'to another origin'])(
    'counts a paid click on an app page left 300 ms after landing, its script never arriving, %s, once',
    async (how) => {
      const context = await newContext();
      const page = await context.newPage();
      await blockAppScript(context, page);
      const landing = `${site.url}/app/invoice-chaser?gclid=held-${randomUUID()}`;
      await page.goto(landing, { waitUntil: 'commit' });
      const noted = await landingNoted(page);
      await openFor(page, 300);
      expect(await appScriptHasRun(page)).toBe(false);
      await leave(page, how);

      const visit = await projected(landing, 1);
      expect(visit.session).toMatchObject({
        session_id: noted.sessionId,
        pages_viewed: 1,
        traffic_type: 'paid',
        campaign_source: 'google_ads',
      });
      expect(visit.views).toEqual([
        { page_view_id: noted.pageViewId, page_path: '/app/invoice-chaser', page_title: expect.stringMatching(APP_TITLE) },
      ]);
      expect(visit.sentTwice).toEqual([]);
      await context.close();
    },
  );

  it('counts a visit once when the app’s script arrives after the inline part has noted the landing', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const release = await holdAppScript(context, page);
    const landing = `${site.url}/app/invoice-chaser?gclid=late-${randomUUID()}`;
    await page.goto(landing, { waitUntil: 'commit' });
    const noted = await landingNoted(page);
    await openFor(page, 300);
    await release();
    await appScriptRan(page);
    // The app's script took the landing over, with the inline part's ids.
    expect(await page.evaluate(() => (window as { unsheetLanding?: { takenOver?: boolean } }).unsheetLanding?.takenOver)).toBe(true);
    await openFor(page, 1000);
    await leave(page, 'to another origin');

    const visit = await projected(landing, 1);
    expect(visit.session).toMatchObject({ session_id: noted.sessionId, pages_viewed: 1, traffic_type: 'paid' });
    expect(visit.views).toEqual([
      { page_view_id: noted.pageViewId, page_path: '/app/invoice-chaser', page_title: expect.stringMatching(APP_TITLE) },
    ]);
    expect(visit.sentTwice).toEqual([]);
    await context.close();
  });

  it('carries on from what the inline part sent when the visitor comes back and the app’s script arrives', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const release = await holdAppScript(context, page);
    const landing = `${site.url}/app/invoice-chaser?utm_source=back-${randomUUID()}`;
    await page.goto(landing, { waitUntil: 'commit' });
    await landingNoted(page);
    await openFor(page, 300);
    await setVisibility(page, 'hidden');
    // The inline part's beacon is what counts the visit so far.
    await projected(landing, 1);
    await setVisibility(page, 'visible');
    await release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Finance' })
      .click();
    await page.waitForURL((url) => url.pathname === '/c/finance');
    await page.waitForFunction(() => /Finance/.test(document.title));
    // Hidden again rather than left: the app's part sends at once, with no unload to race on this loaded machine.
    await setVisibility(page, 'hidden');

    const visit = await projected(landing, 2);
    expect(visit.views.map((view) => view.page_path)).toEqual(['/app/invoice-chaser', '/c/finance']);
    expect(visit.session.pages_viewed).toBe(2);
    expect(visit.sentTwice).toEqual([]);
    await context.close();
  });
});

describe('a visit counts from its first moment, however it ends', () => {
  const GOOGLE = 'https://www.google.com/';

  /**
   * How a visitor may end a visit: closing the tab, leaving for another site, going back to the page before
   * (another site's), closing the window (the browser context), or the browser going away at once (a forced
   * quit, a crash, a phone killing it), with no page hide at all.
   */
  type End = 'by closing the tab' | 'to another origin' | 'by going back' | 'by closing the window' | 'by the browser quitting';

  /** The requests to count an app's view (POST /api/apps/:id/views) the context makes, by app id. */
  function appViewsOf(context: BrowserContext): string[] {
    const views: string[] = [];
    context.on('request', (request) => {
      const match = /^\/api\/apps\/([^/]+)\/views$/.exec(new URL(request.url()).pathname);
      if (match && request.method() === 'POST') views.push(match[1]!);
    });
    return views;
  }

  async function appIdOf(slug: string): Promise<string> {
    const { rows } = await sql<{ id: string }>`select id from apps where slug = ${slug}`.execute(site.db);
    return rows[0]!.id;
  }

  const cases: [End, 'held back' | 'as it comes'][] = [
    ['by the browser quitting', 'held back'],
    ['by the browser quitting', 'as it comes'],
    ['by closing the window', 'held back'],
    ['by closing the tab', 'held back'],
    ['to another origin', 'held back'],
    ['by going back', 'held back'],
    ['by going back', 'as it comes'],
  ];

  it.each(cases)(
    'counts a 1.7 s visit from Google to an app page, ended %s, the app’s script %s: the session, its source, the page view and the app’s view, once',
    async (how, script) => {
      const own = how === 'by the browser quitting' ? await launchAsPersonToKill() : undefined;
      const context = await (own?.browser ?? human).newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
      const appViews = appViewsOf(context);
      const page = await context.newPage();
      if (script === 'held back') await blockAppScript(context, page);
      // The page before is another site's, as a search result is.
      await page.goto(elsewhereUrl);
      await page.goto(`${site.url}/app/lead-scorer`, { referer: GOOGLE, waitUntil: 'commit' });
      const noted = await landingNoted(page);
      expect(await page.evaluate(() => document.referrer)).toBe(GOOGLE);
      await openFor(page, 1700);
      if (script === 'held back') expect(await appScriptHasRun(page)).toBe(false);
      if (how === 'by the browser quitting') await own!.kill();
      else if (how === 'by closing the window') await context.close();
      else if (how === 'by going back') await page.goBack();
      else await leave(page, how);

      const visit = await projectedSession(noted.sessionId, 1);
      expect(visit.session).toMatchObject({
        pages_viewed: 1,
        traffic_type: 'search',
        parsed_referrer: 'google',
        landing_url: `${site.url}/app/lead-scorer`,
      });
      expect(visit.views).toEqual([
        { page_view_id: noted.pageViewId, page_path: '/app/lead-scorer', page_title: expect.stringMatching(/Lead Scorer/) },
      ]);
      expect(visit.interactions).toEqual([{ action_type: 'view' }]);
      expect(appViews).toEqual([await appIdOf('lead-scorer')]);
      expect(visit.sentTwice).toEqual([]);
      if (!own && how !== 'by closing the window') await context.close();
    },
  );

  it('counts the landing app page’s view once when the app’s script starts on it, and the app’s page opened again as a view of its own', async () => {
    const context = await newContext();
    const appViews = appViewsOf(context);
    const page = await context.newPage();
    await page.goto(`${site.url}/app/lead-scorer`, { referer: GOOGLE });
    const noted = await landingNoted(page);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Lead Scorer' }).waitFor();
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Sales' })
      .click();
    await page.waitForURL((url) => url.pathname === '/c/sales');
    await page.locator('main a[href="/app/lead-scorer"]').first().click();
    await page.waitForURL((url) => url.pathname === '/app/lead-scorer');
    await page.getByRole('heading', { level: 1, name: 'Lead Scorer' }).waitFor();
    await eventually(() => appViews.length >= 2, { timeout: 10_000 });
    await setVisibility(page, 'hidden');

    const visit = await projectedSession(noted.sessionId, 3);
    expect(visit.views.map((view) => view.page_path)).toEqual(['/app/lead-scorer', '/c/sales', '/app/lead-scorer']);
    expect(visit.session.pages_viewed).toBe(3);
    const id = await appIdOf('lead-scorer');
    expect(appViews).toEqual([id, id]);
    expect(visit.interactions).toEqual([{ action_type: 'view' }, { action_type: 'view' }]);
    expect(visit.sentTwice).toEqual([]);
    await context.close();
  });
});

describe('one page view per page a visitor opens', () => {
  it('counts a reload as a new page view in the same session, sent as the reloaded page loads', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/app/lead-scorer`, { waitUntil: 'commit' });
    const first = await landingNoted(page);
    await openFor(page, 1000);
    await page.reload({ waitUntil: 'commit' });
    const second = await landingNoted(page);
    expect(second.sessionId).toBe(first.sessionId);
    await openFor(page, 1000);
    await context.close();

    const visit = await projectedSession(first.sessionId, 2);
    expect(visit.views.map((view) => view.page_view_id)).toEqual([first.pageViewId, second.pageViewId]);
    expect(visit.session.pages_viewed).toBe(2);
    expect(visit.sentTwice).toEqual([]);
  });

  it.each([
    ['the password reset link (token in the fragment)', '/auth/reset-password#token=reset-secret', 'Choose a new password'],
    ['a password reset link with the token in the query', '/auth/reset-password?token=reset-secret', 'Choose a new password'],
    ['the e-mail confirmation link', '/auth/confirm?token=confirm-secret', "We couldn't confirm your email"],
  ])('counts the page %s opens once, however it rewrites its own address', async (_name, path, heading) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const { sessionId } = await landingNoted(page);
    await openFor(page, 2000);
    await setVisibility(page, 'hidden');

    const visit = await projectedSession(sessionId, 1);
    expect(visit.views.map((view) => view.page_path)).toEqual([new URL(path, site.url).pathname]);
    expect(visit.session.pages_viewed).toBe(1);
    expect(visit.session.landing_url).toBe(`${site.url}${new URL(path, site.url).pathname}`);
    await context.close();
  });

  it('counts the pages a visitor opens, and only those: route changes, a reload, back, and not a page shown again from the back/forward cache', async () => {
    const browser = await launchAsPerson({ backForwardCache: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() =>
      addEventListener('pageshow', (event) => {
        if (event.persisted) sessionStorage.setItem('test.restored', 'true');
      }),
    );
    const opened: string[] = [];
    const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.goto(`${site.url}/`, { referer: 'https://www.google.com/' });
    opened.push('/');
    await hydrated();
    const { sessionId } = await landingNoted(page);
    await page.locator('main a[href="/app/invoice-chaser"]').first().click();
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    opened.push('/app/invoice-chaser');
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Finance' })
      .click();
    await page.getByRole('heading', { level: 1, name: /Finance/ }).waitFor();
    opened.push('/c/finance');
    await page.reload();
    await hydrated();
    opened.push('/c/finance');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    opened.push('/app/invoice-chaser');
    await trackerStarted(page);
    // Off to another site and back: the page shown again as it was left is no new page view.
    await page.goto(elsewhereUrl);
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Invoice Chaser' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('test.restored'))).toBe('true');
    await page.locator('footer a[href="/about"]').click();
    await page.waitForFunction(() => document.title === 'About | Unsheet');
    opened.push('/about');
    await leave(page, 'by closing the tab');

    const visit = await projectedSession(sessionId, opened.length);
    expect(visit.views.map((view) => view.page_path)).toEqual(opened);
    expect(visit.session.pages_viewed).toBe(opened.length);
    expect(visit.sentTwice).toEqual([]);
    await browser.close();
  });
});

describe('the automation signal of a session’s start', () => {
  /** The session starts the context's pages sent, by who sent them. */
  function sessionStarts(context: BrowserContext): Record<string, unknown>[] {
    const starts: Record<string, unknown>[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/analytics/collect') return;
      const { events } = request.postDataJSON() as { events: Record<string, unknown>[] };
      starts.push(...events.filter((event) => event.type === 'session_start'));
    });
    return starts;
  }

  it.each([
    ['a person’s browser', false],
    ['a browser driven by automation', true],
  ])('says navigator.webdriver in every session start %s sends: the inline part’s and the app’s', async (_name, automation) => {
    const browser = automation ? site.browser : human;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const starts = sessionStarts(context);
    // The inline part starts the session where the server wrote the page's title; the app's script, where the
    // page renders its own.
    for (const path of ['/app/lead-scorer', '/contact']) {
      const page = await context.newPage();
      await page.goto(`${site.url}${path}`);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await eventually(() => starts.some((start) => new URL(start.url as string).pathname === path), { timeout: 15_000 });
      await page.close();
    }
    expect(starts.map((start) => [new URL(start.url as string).pathname, start.automation])).toEqual([
      ['/app/lead-scorer', automation],
      ['/contact', automation],
    ]);
    await context.close();
  });
});

/** The app's script: the module the page's loader adds two frames after the first paint. */
const APP_SCRIPT = '*/assets/index-*.js';

/**
 * Keeps the app's script from ever arriving (the browser refuses it), through the DevTools protocol: no
 * request is intercepted, so every other one, the beacons included, goes its way untouched.
 */
async function blockAppScript(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: [APP_SCRIPT] });
}

/**
 * Holds the app's script back until the returned function releases it, through the DevTools protocol and
 * for that one URL: every other request goes its way without passing through the test process.
 */
async function holdAppScript(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const held: string[] = [];
  let released = false;
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    if (released) void cdp.send('Fetch.continueRequest', { requestId });
    else held.push(requestId);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: APP_SCRIPT, requestStage: 'Request' }] });
  return async () => {
    released = true;
    for (const requestId of held.splice(0)) await cdp.send('Fetch.continueRequest', { requestId });
  };
}

/** The landing as the page's inline part noted it as the page was parsed, with the session id it made. */
async function landingNoted(page: Page): Promise<{ pageViewId: string; sessionId: string }> {
  await page.waitForFunction(() => 'unsheetLanding' in window, undefined, { polling: 10 });
  return page.evaluate(() => ({
    pageViewId: (window as unknown as { unsheetLanding: { pageViewId: string } }).unsheetLanding.pageViewId,
    sessionId: sessionStorage.getItem('unsheet.session-id')!,
  }));
}

function appScriptHasRun(page: Page): Promise<boolean> {
  return page.evaluate(() => document.head.querySelector('[data-ssr]') === null);
}

/** What switching to another tab and back does to the page. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}
