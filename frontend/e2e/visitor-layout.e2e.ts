/**
 * What a visitor sees around the pages' content, in Chromium against the built server: every invitation to
 * join follows the Early Explorers mode (already in the server's HTML), no page scrolls sideways at any width
 * in any state, the app page's side column stays in view on desktop, and the floating idea button never covers
 * the search's own suggestion button. The tests run in order: the spots are filled half-way through.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../backend/src/identity/commands/grant-admin.js';
import { profilesProjection } from '../../backend/src/identity/projections/profiles.projection.js';
import { EventStore } from '../../backend/src/shared/event-store/event-store.js';
import { fillExplorerSpots, idle, SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const OVERFLOW_WIDTHS = [320, 375, 768, 1024];

let categorySlug = '';
let appSlug = '';

beforeAll(async () => {
  const categories = (await (await fetch(`${site.url}/api/categories`)).json()) as { slug: string; count: number }[];
  categorySlug = categories.find((category) => category.count > 0)!.slug;
  const [top] = (await (await fetch(`${site.url}/api/apps/top?limit=1&offset=0`)).json()) as { slug: string }[];
  appSlug = top!.slug;
});

/** Waits two frames (intersection observers have reported, what they changed has rendered), then for idle. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await idle(page);
}

/** Fires a beforeinstallprompt as Chromium does when the site is installable (see pwa.e2e.ts). */
async function offerInstall(page: Page): Promise<void> {
  const kept = await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    return !window.dispatchEvent(event);
  });
  expect(kept).toBe(true);
}

/** Signs in on /auth as an account holder would (the account made as the console's grant command makes one). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await grantAdmin(site.db, new EventStore(site.db, [profilesProjection]), { email, password });
  await visit(page, `${site.url}/auth`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}/`);
}

// ---------------------------------------------------------------------------------------------------------
// Item: every invitation follows the mode.

/** The Early Explorers' invitations, none of which may remain once the spots are taken. */
const EARLY_EXPLORER_CTAS = [
  'Join Explorers',
  'Join 100 Early Explorers',
  'Claim Spot',
  'Claim your spot before it is gone',
  'Early Explorer Access',
  'The first 100 sign-ups get lifetime access',
];
const WAITLIST_CTA = 'Join the Wait-list';

const HOME_DESCRIPTION = 'Discover small AI tools that replace spreadsheets and manual work in small businesses, and';

/**
 * Each page kind with an invitation, and the invitations it shows in each mode besides the header's; `described`,
 * its description (search results, link previews) when that invites too.
 */
const ctaPages = () => [
  {
    name: 'home',
    path: '/',
    early: ['Join 100 Early Explorers'],
    waitlist: [WAITLIST_CTA],
    described: {
      early: `${HOME_DESCRIPTION} join 100 Early Explorers.`,
      waitlist: `${HOME_DESCRIPTION} join the wait-list for early access.`,
    },
  },
  {
    name: 'category',
    path: `/c/${categorySlug}`,
    early: ['Early Explorer Access', 'Claim Spot'],
    waitlist: ['Early Explorer spots are taken', WAITLIST_CTA],
  },
  {
    name: 'app',
    path: `/app/${appSlug}`,
    early: ['Claim your spot before it is gone', 'Join 100 Early Explorers'],
    waitlist: ['All 100 Early Explorer spots are taken. Join the wait-list', WAITLIST_CTA],
  },
  { name: 'about', path: '/about', early: ['Join Explorers'], waitlist: [WAITLIST_CTA] },
];

/** The server's HTML, as a browser without JavaScript (or before it runs) shows it. */
async function serverText(path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  return root.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
}

/** The description, og:description and twitter:description, as the server writes them or as the page shows them. */
const DESCRIPTIONS = 'meta[name="description"], meta[property="og:description"], meta[name="twitter:description"]';

async function serverDescriptions(path: string): Promise<string[]> {
  const html = await fetch(`${site.url}${path}`).then((response) => response.text());
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<meta [^>]*(?:name|property)="(?:og:|twitter:)?description"[^>]*>/g)].map(
    ([tag]) => /content="([^"]*)"/.exec(tag)![1]!,
  );
}

function pageDescriptions(page: Page): Promise<string[]> {
  return page.evaluate((selector) => [...document.querySelectorAll<HTMLMetaElement>(selector)].map((meta) => meta.content), DESCRIPTIONS);
}

/** The text of every button and link on the page, the header's menu opened on a phone. */
async function invitations(page: Page, viewport: { width: number }): Promise<string> {
  let text = await page.locator('body').innerText();
  if (viewport.width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'About' }).waitFor();
    text += `\n${await menu.innerText()}`;
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  return text;
}

async function expectInvitations(mode: 'early' | 'waitlist'): Promise<void> {
  const shown = mode === 'early' ? EARLY_EXPLORER_CTAS.slice(0, 1) : [WAITLIST_CTA];
  for (const { name, path, early, waitlist, described } of ctaPages()) {
    const expected = [...shown, ...(mode === 'early' ? early : waitlist)];
    // Server-rendered: the first paint already has the mode's words (the header's full row is in the markup).
    const html = await serverText(path);
    for (const words of expected) expect(html, `${name} HTML`).toContain(words);
    if (mode === 'waitlist') for (const words of EARLY_EXPLORER_CTAS) expect(html, `${name} HTML`).not.toContain(words);
    else expect(html, `${name} HTML`).not.toContain(WAITLIST_CTA);
    // So do the descriptions crawlers and link previews read.
    const description = described?.[mode];
    if (description) {
      const descriptions = await serverDescriptions(path);
      expect(descriptions, `${name} HTML descriptions`).toEqual([description, description, description]);
    }

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await site.browser.newPage({ viewport });
      await visit(page, `${site.url}${path}`);
      if (description) {
        const descriptions = await pageDescriptions(page);
        expect(descriptions, `${name} descriptions at ${viewport.width}`).toEqual([description, description, description]);
      }
      const text = await invitations(page, viewport);
      for (const words of expected) expect(text, `${name} at ${viewport.width}`).toContain(words);
      if (mode === 'waitlist') for (const words of EARLY_EXPLORER_CTAS) expect(text, `${name} at ${viewport.width}`).not.toContain(words);
      else expect(text, `${name} at ${viewport.width}`).not.toContain(WAITLIST_CTA);
      if (mode === 'waitlist' && name !== 'about') {
        await page
          .getByRole('main')
          .getByText(name === 'category' ? 'Early Explorer spots are taken' : WAITLIST_CTA, { exact: false })
          .first()
          .scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS_DIR}waitlist-${name}-${viewport.width}.png` });
      }
      await page.close();
    }
  }
}

describe('invitations to join while Early Explorer spots remain', () => {
  it('say Join Explorers, Join 100 Early Explorers and Claim Spot, in the HTML and at 390 and 1280 px', async () => {
    await expectInvitations('early');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Item: no page scrolls sideways, in any state.

/**
 * What sticks out sideways: the document wider than the window, and each element whose box crosses the
 * window's left or right edge, unless an ancestor clips or scrolls it (its own box is then what counts). Left
 * out: what is hidden on purpose, clipped to nothing (sr-only) or placed wholly off-screen to the left (the
 * forms' honeypot field), which no visitor sees and which cannot widen the page.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.push(`document ${scrollWidth} px wide`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.left >= -0.5 && box.right <= width + 0.5) || box.right <= 0) continue;
      const style = getComputedStyle(element);
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const label = (element as HTMLElement).innerText?.trim().slice(0, 40) || element.getAttribute('aria-label') || '';
      found.push(`<${element.tagName.toLowerCase()}> "${label}" ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return found;
  });
}

/** Each public page kind; `then` brings the page to its state (a search that finds nothing). */
const overflowPages = (): { name: string; path: string; then?: (page: Page) => Promise<void> }[] => [
  { name: 'home', path: '/' },
  {
    name: 'search without results',
    path: '/',
    then: async (page) => {
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('zzqx no such tool');
      await page.getByRole('button', { name: "Can't find it? Suggest this tool" }).waitFor();
    },
  },
  { name: 'category', path: `/c/${categorySlug}` },
  { name: 'unknown category', path: '/c/no-such-category' },
  { name: 'app', path: `/app/${appSlug}` },
  { name: 'unknown app', path: '/app/no-such-app' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  { name: 'offline', path: '/offline' },
  { name: 'sign in / sign up', path: '/auth' },
  { name: 'e-mail confirmation', path: '/auth/confirm' },
  { name: 'password reset', path: '/auth/reset-password' },
  { name: '404', path: '/no/such/page' },
];

describe('no page scrolls sideways', () => {
  it.each([
    ['signed out', false],
    ['signed in', true],
  ])(
    'at 320, 375, 768 and 1024 px, %s, with the install entry offered and not',
    async (_, signedIn) => {
      const context = await site.browser.newContext({ viewport: { width: 1024, height: 800 } });
      const page = await context.newPage();
      if (signedIn) await signIn(page, 'wide@example.com', 'secret-wide');
      const found: string[] = [];
      for (const { name, path, then } of overflowPages()) {
        await visit(page, `${site.url}${path}`);
        await page.setViewportSize({ width: 1024, height: 800 });
        await then?.(page);
        for (const installOffered of [false, true]) {
          if (installOffered) {
            await offerInstall(page);
            await page.getByRole('banner').getByRole('button', { name: 'Install app' }).waitFor();
          }
          for (const width of OVERFLOW_WIDTHS) {
            // Layout is brought up to date when the boxes are measured; nothing on these pages lays out by script.
            await page.setViewportSize({ width, height: 800 });
            const state = `${name} at ${width} px${installOffered ? ', install offered' : ''}`;
            for (const overflow of await sidewaysOverflow(page)) found.push(`${state}: ${overflow}`);
          }
          await page.setViewportSize({ width: 1024, height: 800 });
        }
        if (signedIn) expect(await page.getByRole('banner').getByText('Welcome back!').isVisible(), name).toBe(true);
      }
      expect(found).toEqual([]);

      if (signedIn) {
        await visit(page, `${site.url}/`);
        await offerInstall(page);
        await page.setViewportSize({ width: 768, height: 800 });
        await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).waitFor();
        await page.screenshot({
          path: `${SCREENSHOTS_DIR}header-768-signed-in-install.png`,
          clip: { x: 0, y: 0, width: 768, height: 160 },
        });
        // The menu stands for the header's row on a tablet: all of it is there, the developer form included.
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        for (const name of ['Sign Out', 'Install app', 'Join Explorers']) await menu.getByRole('button', { name }).waitFor();
        await menu.getByText('Welcome back!').waitFor();
        await page.screenshot({ path: `${SCREENSHOTS_DIR}menu-768-signed-in-install.png` });
        await menu.getByRole('button', { name: 'Apply as Developer' }).click();
        await page.getByRole('dialog', { name: 'Apply as a Developer' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.screenshot({
          path: `${SCREENSHOTS_DIR}header-1024-signed-in-install.png`,
          clip: { x: 0, y: 0, width: 1024, height: 160 },
        });
      }
      await context.close();
    },
    180_000,
  );
});

// ---------------------------------------------------------------------------------------------------------
// Item: the app page's side column stays in view on desktop.

describe("the app page's side column", () => {
  it('stays in the viewport under the header while the page scrolls on desktop, and stacks on a phone', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/app/${appSlug}`);
    const column = page.getByRole('complementary', { name: 'Access and status' });
    // Down to where the column's row ends at the foot of the screen (then it leaves with the row).
    const rowBottom = await column.evaluate((element) => element.parentElement!.getBoundingClientRect().bottom + window.scrollY);
    const last = rowBottom - DESKTOP.height;
    expect(last).toBeGreaterThan(2 * DESKTOP.height);
    for (const y of [DESKTOP.height, last / 2, last]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await settled(page);
      const box = (await column.boundingBox())!;
      // Under the 56 px header, and whole in the viewport.
      expect(box.y, `scrolled to ${y}`).toBeGreaterThanOrEqual(56);
      expect(box.y + box.height, `scrolled to ${y}`).toBeLessThanOrEqual(DESKTOP.height);
    }
    await page.screenshot({ path: `${SCREENSHOTS_DIR}app-page-scrolled-1280.png` });

    // On a short desktop screen the column still ends within it (it scrolls on its own instead).
    await page.setViewportSize({ width: 1280, height: 600 });
    await settled(page);
    const short = (await column.boundingBox())!;
    expect(short.y).toBeGreaterThanOrEqual(56);
    expect(short.y + short.height).toBeLessThanOrEqual(600);

    // On a phone the column stacks above the content and scrolls away with it.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 3000));
    await idle(page);
    const box = (await column.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(0);
    await page.close();
  });
});

// ---------------------------------------------------------------------------------------------------------
// The floating idea button and the empty search's own suggestion button.

describe("the floating 'Got an idea?' button", () => {
  it("never covers the empty search's 'Suggest this tool' at 390 px, whatever the scroll position", async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    await page.getByRole('searchbox', { name: 'Search apps' }).fill('zzqx no such tool');
    const suggest = page.getByRole('button', { name: "Can't find it? Suggest this tool" });
    await suggest.waitFor();
    const floating = page.getByRole('button', { name: 'Got an idea?' });
    const top = await suggest.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    let covered = 0;
    // Every scroll position that brings the suggestion button from below the fold to the top of the screen.
    for (let y = Math.max(0, top - PHONE.height); y <= top; y += 8) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await settled(page);
      const overlap = await page.evaluate(() => {
        const [suggestion] = [...document.querySelectorAll('button')].filter((button) => button.textContent?.includes('Suggest this tool'));
        const idea = [...document.querySelectorAll('button')].find((button) => button.textContent?.includes('Got an idea?'));
        if (!suggestion || !idea || getComputedStyle(idea).visibility === 'hidden') return false;
        const a = suggestion.getBoundingClientRect();
        const b = idea.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
      if (overlap) covered++;
    }
    expect(covered).toBe(0);
    // Away from the suggestion button, the floating button is back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('searchbox', { name: 'Search apps' }).fill('');
    await suggest.waitFor({ state: 'detached' });
    await expect.poll(() => floating.isVisible()).toBe(true);
    await page.close();
  });
});

describe("the 'Got an idea?' button", () => {
  /**
   * What the button's box covers: each link, button, field, card and list item it overlaps, unless the overlap is
   * under the sticky header, which covers it anyway (the button may sit in the header). Empty when it covers nothing.
   */
  async function covered(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const idea = [...document.querySelectorAll('button')].find(
        (button) => button.textContent?.includes('Got an idea?') && button.getBoundingClientRect().width > 0,
      )!;
      const header = document.querySelector('header')!.getBoundingClientRect();
      const b = idea.getBoundingClientRect();
      const found: string[] = [];
      const content = 'a, button, input, select, textarea, [data-testid="app-card"], [data-testid="app-row"], li';
      for (const element of document.querySelectorAll<HTMLElement>(content)) {
        if (element === idea || element.contains(idea) || getComputedStyle(element).visibility === 'hidden') continue;
        const a = element.getBoundingClientRect();
        const overlap = {
          left: Math.max(a.left, b.left),
          right: Math.min(a.right, b.right),
          top: Math.max(a.top, b.top),
          bottom: Math.min(a.bottom, b.bottom),
        };
        if (overlap.left >= overlap.right || overlap.top >= overlap.bottom) continue;
        // Content scrolled under the sticky header is covered by the header, button or not.
        if (overlap.top >= header.top && overlap.bottom <= header.bottom && !element.closest('header')) continue;
        found.push(`<${element.tagName.toLowerCase()}> "${element.innerText.trim().slice(0, 40)}"`);
      }
      return found;
    });
  }

  it('covers no link, card or field at 1280 and 390 px on home and a category, from the top of the page to the bottom', async () => {
    const found: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      for (const path of ['/', '/c/finance']) {
        const page = await site.browser.newPage({ viewport });
        await visit(page, `${site.url}${path}`);
        await page.getByRole('button', { name: 'Got an idea?' }).waitFor();
        const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        // The top, the bottom, and every half screen in between.
        const positions = [0, height];
        for (let y = viewport.height / 2; y < height; y += viewport.height / 2) positions.push(y);
        for (const y of positions) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await settled(page);
          for (const what of await covered(page)) found.push(`${path} at ${viewport.width} px, scrolled to ${Math.round(y)}: ${what}`);
          if (y === 0 || y === height) {
            await page.screenshot({
              path: `${SCREENSHOTS_DIR}idea-button-${path === '/' ? 'home' : 'finance'}-${viewport.width}-${y === 0 ? 'top' : 'bottom'}.png`,
            });
          }
        }
        await page.close();
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------
// Item: once the spots are taken.

describe('invitations to join once the 100 spots are taken', () => {
  it('say Join the Wait-list everywhere, in the HTML and at 390 and 1280 px, and no early-explorer invitation remains', async () => {
    await fillExplorerSpots(site, 100, 'spot');
    expect(await (await fetch(`${site.url}/api/early-access/status`)).json()).toMatchObject({ mode: 'waitlist', spotsRemaining: 0 });
    await expectInvitations('waitlist');

    // The header's button opens the lead dialog in its wait-list mode.
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: WAITLIST_CTA }).click();
    await page
      .getByRole('dialog', { name: 'Join the wait-list' })
      .getByText('All 100 Early Explorer spots are taken.', { exact: false })
      .waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}waitlist-dialog-1280.png` });
    await page.close();
  }, 120_000);
});
