/**
 * Scripted visitors for the ground-truth test: each one a Chromium profile (one visitor id) that browses the
 * site as a person does, writing every step into the ledger as it takes it. People run a browser that does not
 * announce automation (navigator.webdriver false) with a desktop Chrome user agent and the back/forward cache
 * on (chromium.ts, launchAsPerson).
 *
 * Times: a visit's duration is counted in whole seconds, so every step that the tracker timestamps is taken
 * close to a whole second of the visit by the page's own clock (leaving 100 ms after one; a link is clicked
 * 100 ms before one, as the app times the new page a moment after the click): what the ledger writes down and
 * what the tracker measures then round to the same second.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../chromium.js';
import type { Ledger, LedgerVisit } from './ledger.js';

/** Chromium as automation leaves it (navigator.webdriver true) with a given user agent. */
export function launchAutomatedBrowser(userAgent: string): Promise<Browser> {
  return launchChromium([`--user-agent=${userAgent}`]);
}

export type Arrival = Pick<LedgerVisit, 'source' | 'trafficType' | 'channel' | 'utm'> & { referer?: string };

export const DIRECT: Arrival = { source: 'direct', trafficType: 'direct', channel: 'direct', utm: null };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export class Visitor {
  /** What the site had stored in the browser when it was closed. */
  private stored: StorageState | undefined;

  private constructor(
    readonly name: string,
    readonly context: BrowserContext,
    private readonly ledger: Ledger,
    private readonly siteUrl: string,
  ) {}

  /** A new visitor (a fresh profile); `clockAt`: the profile's clock starts there and runs (a day back, say). */
  static async create(browser: Browser, ledger: Ledger, siteUrl: string, name: string, clockAt?: number): Promise<Visitor> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    if (clockAt !== undefined) {
      await context.clock.install({ time: clockAt });
      await context.clock.resume();
    }
    return new Visitor(name, context, ledger, siteUrl);
  }

  /**
   * The same person back later with the browser closed in between (the day after, for a profile whose clock
   * ran a day behind): what the site stored in the browser (the visitor id) is kept, the tabs' sessions are
   * not, and the clock is the real one.
   */
  async comeBack(browser: Browser): Promise<Visitor> {
    const storageState = this.stored ?? (await this.closeBrowser());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', storageState });
    return new Visitor(this.name, context, this.ledger, this.siteUrl);
  }

  /** Closes the browser: each open tab is unloaded as a browser window closing unloads them. */
  async closeBrowser(): Promise<StorageState> {
    this.stored = await this.context.storageState();
    for (const page of this.context.pages()) await page.close({ runBeforeUnload: true });
    await this.context.close();
    return this.stored;
  }

  /** Opens a new tab on `path`, arriving as `arrival` says: a new visit. */
  async arrive(path: string, arrival: Arrival = DIRECT): Promise<Tab> {
    const page = await this.context.newPage();
    await page.goto(`${this.siteUrl}${path}`, { referer: arrival.referer, waitUntil: 'commit' });
    // The inline part of the page has noted the landing: the visit exists from here.
    await page.waitForFunction(() => (window as { unsheetLanding?: unknown }).unsheetLanding !== undefined, undefined, { polling: 20 });
    const start = await page.evaluate(() => Math.round(performance.timeOrigin));
    const { referer: _referer, ...where } = arrival;
    const visit = this.ledger.open({ visitor: this.name, start, ...where });
    const tab = new Tab(page, visit, this.ledger, this.siteUrl);
    tab.opened(path, start);
    return tab;
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

export class Tab {
  constructor(
    readonly page: Page,
    readonly visit: LedgerVisit,
    private readonly ledger: Ledger,
    private readonly siteUrl: string,
  ) {}

  opened(path: string, at: number): void {
    this.visit.pages.push({ path, at });
    const app = /^\/app\/([^/?#]+)/.exec(path);
    if (app) this.visit.appViews.push(app[1]!);
  }

  /** Waits until the page has rendered (hydrated) and its page view can have gone out. */
  async ready(): Promise<void> {
    await this.page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  }

  /**
   * Waits at least `ms`, then until `past` ms after a whole second of the visit (by the page's clock); returns
   * that instant.
   */
  async stay(ms = 0, past = 100): Promise<number> {
    return this.page.evaluate(
      async ({ ms, past, start }) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        const offset = (Date.now() - start) % 1000;
        await new Promise((resolve) => setTimeout(resolve, (1000 + past - offset) % 1000));
        return Date.now();
      },
      { ms, past, start: this.visit.start },
    );
  }

  /** Follows a link of the page (client-side navigation) to `path`. */
  async follow(path: string, within = this.page.locator('body')): Promise<void> {
    await this.ready();
    // Clicked just before a whole second: the new page's view is timed by the app a moment later, close to it.
    const at = (await this.stay(0, 900)) + 100;
    await within.locator(`a[href="${path}"]`).first().click();
    await this.page.waitForURL(`${this.siteUrl}${path}`);
    this.opened(path, at);
    await this.ready();
  }

  /** The browser's back button within the site (client-side: the route before, a new page view). */
  async back(path: string): Promise<void> {
    const at = (await this.stay(0, 900)) + 100;
    await this.page.goBack();
    await this.page.waitForURL(`${this.siteUrl}${path}`);
    this.opened(path, at);
  }

  async reload(): Promise<void> {
    await this.stay();
    await this.page.reload({ waitUntil: 'commit' });
    await this.page.waitForFunction(() => (window as { unsheetLanding?: unknown }).unsheetLanding !== undefined, undefined, {
      polling: 20,
    });
    const at = await this.page.evaluate(() => Math.round(performance.timeOrigin));
    this.opened(new URL(this.page.url()).pathname, at);
  }

  /**
   * Leaves for another site and comes back with the back button. A page the browser restores from its
   * back-forward cache is the page view it was; one it loads again is a new one.
   */
  async awayAndBack(elsewhere: string): Promise<void> {
    const path = new URL(this.page.url()).pathname;
    const origin = await this.page.evaluate(() => performance.timeOrigin);
    await this.stay();
    await this.page.goto(elsewhere);
    await this.page.goBack({ waitUntil: 'commit' });
    await this.page.waitForFunction(() => (window as { unsheetLanding?: unknown }).unsheetLanding !== undefined, undefined, {
      polling: 20,
    });
    const back = await this.page.evaluate(() => performance.timeOrigin);
    if (back !== origin) this.opened(path, Math.round(back));
  }

  /** Types a query into the home page's search box and waits for its results (`found`: app cards, or none). */
  async search(query: string, found: boolean): Promise<void> {
    await this.ready();
    const box = this.page.getByRole('searchbox', { name: 'Search apps' });
    await box.fill('');
    await box.pressSequentially(query, { delay: 20 });
    const results = this.page.getByTestId('search-results');
    const nothing = results.getByText(`No apps match "${query}"`);
    if (found) {
      await results.getByTestId('app-card').first().waitFor();
      if (await nothing.isVisible()) throw new Error(`"${query}" found nothing`);
    } else {
      await nothing.waitFor();
      // A query counts once its results have stayed on screen a moment (SEARCH_SETTLED_MS, app-search.tsx).
      await this.page.waitForTimeout(2000);
      this.ledger.emptySearches.push(query);
    }
  }

  /** Opens the first app of the search results. */
  async openSearchResult(): Promise<void> {
    const card = this.page.getByTestId('search-results').getByTestId('app-card').first();
    const href = await card.locator('a[href^="/app/"]').first().getAttribute('href');
    await this.follow(href!, this.page.getByTestId('search-results'));
  }

  /** Joins the Early Explorers from the header's button, as `email`; returns the share link it shows. */
  async joinFromHeader(email: string): Promise<string> {
    await this.ready();
    await this.page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    const result = this.page.getByRole('dialog').getByTestId('join-result');
    await result.getByRole('heading').waitFor();
    this.visit.joined = email;
    const link = await result.getByRole('textbox', { name: 'Your share link' }).inputValue();
    await this.page.keyboard.press('Escape');
    return link;
  }

  /** Takes the home page's quiz as `email` (which puts the address on the list). */
  async takeQuiz(email: string): Promise<void> {
    await this.ready();
    const quiz = this.page.getByTestId('quiz');
    await this.page.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
    await quiz.getByRole('textbox', { name: 'Email' }).fill(email);
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    await quiz.getByRole('button', { name: 'Manual work and data entry' }).click();
    await quiz.getByRole('button', { name: 'Finance', exact: true }).click();
    await quiz.getByRole('button', { name: 'Typing it into Excel or Google Sheets' }).click();
    await quiz.getByRole('button', { name: 'Just me' }).click();
    await quiz.getByTestId('quiz-result').getByRole('heading', { name: 'Perfect Match!' }).waitFor();
    this.visit.quizResults += 1;
    this.visit.joined = email;
  }

  /** On an app's page: the call to action at its foot, which opens the sign-up dialog (closed again). */
  async clickJoinCallToAction(): Promise<void> {
    await this.ready();
    await this.page.locator('section[aria-labelledby="join-cta-title"] button').click();
    await this.page.getByRole('dialog').waitFor();
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('dialog').waitFor({ state: 'detached' });
    this.visit.interactions += 1;
  }

  /** Leaves the site: closing the tab, going to another site in it, or closing the whole browser. */
  async leave(how: 'close the tab' | { to: string } | { closing: Visitor }): Promise<void> {
    this.visit.end = await this.stay();
    if (how === 'close the tab') await this.page.close({ runBeforeUnload: true });
    else if ('to' in how) await this.page.goto(how.to);
    else await how.closing.closeBrowser();
  }
}
