/**
 * Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags
 * this network needs, against the built app run as a process on a throw-away database.
 */
import { sql } from 'kysely';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { startServerProcess, type ServerProcess } from '../../backend/src/shared/testing/server-process.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  testConfig,
  uniqueName,
  type TestDatabase,
} from '../../backend/src/shared/testing/test-database.js';
import type { Db } from '../../backend/src/shared/db/tables.js';
import {
  LEAD_CONFIRMATION_PATH,
  LEAD_CONFIRMATION_PURPOSE,
  LEAD_CONFIRMATION_TOKEN_TTL_SECONDS,
} from '../../backend/src/early-access/waitlist/lead.events.js';
import { signToken } from '../../backend/src/shared/security/signed-token.js';
import { launchChromium } from './chromium.js';

/** The tests' APP_SECRET, given to the server, so that a test can sign the links it e-mails (see confirmLead). */
const APP_SECRET = testConfig().APP_SECRET!;

export interface Site {
  /** Base URL of the running app. */
  url: string;
  browser: Browser;
  /** The app's database, for tests that arrange state an operator would (e.g. granting the admin role). */
  database: TestDatabase;
  /** The app's database, for what no public endpoint shows (read models of async projections). */
  db: Db;
  /** What the server process has written so far (its log), as an operator's terminal shows it. */
  output(): string;
}

/**
 * Runs the built app (real PostgreSQL and Redis, the demo catalogue) and Chromium for the test file that
 * calls it at its top level; the returned object is filled in before the tests run. `env` adds server
 * settings (e.g. FRONTEND_DIST, to serve a copy of the build that a test changes).
 */
export function useSite(env: Record<string, string> | (() => Record<string, string>) = {}): Site {
  const site = {} as Site;
  const redisPrefix = uniqueName('unsheet-e2e');
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DEMO_CATALOGUE: 'true',
      RATE_LIMIT_FACTOR: '1000',
      APP_SECRET,
      // A function when the settings exist only once earlier hooks ran (e.g. a test SMTP server's URL).
      ...(typeof env === 'function' ? env() : env),
    });
    site.url = server.url;
    site.database = database;
    site.db = database.handle.db;
    site.output = () => server?.output() ?? '';
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    await server?.stop();
    await database?.drop();
    await clearRedisPrefix(redisPrefix);
  });
  return site;
}

/** Screenshots land here (ignored by git) so a person can look at what the tests saw. */
export const SCREENSHOTS_DIR = new URL('./screenshots/', import.meta.url).pathname;

/**
 * Opens a page and waits until it is hydrated: pages arrive server-rendered, and React attaches their event
 * handlers a moment later (see MarkHydrated in the root layout).
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

export async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/**
 * Resolves once the page's main thread has gone idle (an idle callback runs only when no task is waiting):
 * what it was handed (answers, events) has been handled, and what renders on the next frame has rendered.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Waits until nothing on the page says it is loading: no lazily loaded part's placeholder or skeleton (a
 * status labelled "Loading…") and no "Loading..." line. A part below the fold loads when it comes near the
 * viewport, so each one still waiting is scrolled into view in turn.
 */
export async function loaded(page: Page, timeout = 15_000): Promise<void> {
  const placeholder = page.locator('[role="status"][aria-label^="Loading"]').first();
  await eventually(
    async () => {
      if ((await placeholder.count()) > 0) {
        await placeholder.scrollIntoViewIfNeeded({ timeout: 1_000 });
        return false;
      }
      return !(await page.evaluate(() => /Loading[^\n]*?(\.\.\.|…)/.test(document.body.innerText)));
    },
    { timeout, interval: 50 },
  );
}

/**
 * Follows a page's requests from now on. `quiet()` waits until none is in flight and the page has handled
 * the answers without asking for more: whatever the page does in answer to a visit or a click has been
 * done. Tests that assert that something did not happen (no second request) wait for this first.
 */
export function followRequests(page: Page): { quiet(timeout?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    async quiet(timeout = 15_000) {
      await eventually(
        async () => {
          if (inFlight.size > 0) return false;
          await idle(page);
          return inFlight.size === 0;
        },
        { timeout },
      );
    },
  };
}

/**
 * Confirms a lead's address as its owner does: the link in the welcome e-mail (signed as the e-mail reactor
 * signs it), then the confirmation page's button. Referral credit and a held spot count from then on.
 */
export async function confirmLead(site: Site, email: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`select id from leads where email = ${email}`.execute(site.db);
  if (!rows[0]) throw new Error(`no lead ${email}`);
  const token = signToken(APP_SECRET, LEAD_CONFIRMATION_PURPOSE, rows[0].id, LEAD_CONFIRMATION_TOKEN_TTL_SECONDS);
  const response = await fetch(`${site.url}${LEAD_CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`confirming ${email} answered ${response.status}: ${await response.text()}`);
}

/**
 * Fills the Early Explorers as people do: leads join (`prefix0@example.com`, …) until the list holds `total`,
 * and every lead that has not confirmed confirms, in the order of the list. A spot is held by confirming, so
 * the first 100 to confirm are the Explorers and the programme then switches to the wait-list.
 */
export async function fillExplorerSpots(site: Site, total: number, prefix: string): Promise<void> {
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(site.db);
  const joining = Array.from({ length: Math.max(0, total - counted[0]!.n) }, (_, i) => `${prefix}${counted[0]!.n + i}@example.com`);
  // Ten at a time: the requests wait for each other on the waitlist lock anyway, not for the network.
  for (let i = 0; i < joining.length; i += 10) {
    await Promise.all(
      joining.slice(i, i + 10).map(async (email) => {
        const response = await fetch(`${site.url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, source_page: '/' }),
        });
        if (response.status !== 201) throw new Error(`joining answered ${response.status}: ${await response.text()}`);
      }),
    );
  }
  const { rows } = await sql<{ email: string }>`
    select email from leads where confirmed_at is null order by waitlist_position`.execute(site.db);
  for (let i = 0; i < rows.length; i += 10) await Promise.all(rows.slice(i, i + 10).map(({ email }) => confirmLead(site, email)));
}

/**
 * Whether the page has loaded the visitor tracker: its own chunk, which the page loads once it has gone quiet
 * (frontend/src/lib/analytics/track.ts).
 */
export function trackerLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/tracker-[^/]+\.js$/.test(entry.name)));
}

/** Waits until the page has loaded the visitor tracker and started it. */
export async function trackerStarted(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/tracker-[^/]+\.js$/.test(entry.name)),
  );
  await idle(page);
}
