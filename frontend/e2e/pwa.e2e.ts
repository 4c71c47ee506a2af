/**
 * The installable app in Chromium: the service worker at /sw.js, the manifest and its icons, pages opened
 * before working offline, the install entry and instructions, and the Portuguese update notice when a new
 * build is deployed. The server serves a copy of frontend/dist (FRONTEND_DIST) so that the update test can
 * deploy "build B" into it while it runs.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, followRequests, idle, useSite, visit } from './browser.js';
import { launchChromiumProfile } from './chromium.js';

const BUILD = new URL('../dist/', import.meta.url).pathname;
const DIST_COPY = mkdtempSync(join(tmpdir(), 'unsheet-dist-'));
cpSync(BUILD, DIST_COPY, { recursive: true });
afterAll(() => rmSync(DIST_COPY, { recursive: true, force: true }));

const site = useSite({ FRONTEND_DIST: DIST_COPY });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const OFFLINE_HEADING = 'You are offline';

async function newPage(options: Parameters<typeof site.browser.newContext>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({ viewport: DESKTOP, ...options });
  return { context, page: await context.newPage() };
}

/** Waits until the service worker controls the page and has kept `url`'s HTML for offline use. */
async function waitUntilKept(page: Page, url: string): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async (href) => (await caches.open('pages').then((cache) => cache.match(href))) !== undefined, url);
}

/** The installed-app code starts a few seconds after load (main.tsx); its service worker is ready after. */
async function waitForPwaStart(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Fires a beforeinstallprompt like Chromium's, whose prompt records being shown and answers `outcome`.
 * Resolves with whether the page kept it (it cancels the event to show its own 'Install app' instead).
 */
async function offerInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed'): Promise<boolean> {
  return page.evaluate((answer) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { promptShown: number }).promptShown = 1;
      },
      userChoice: Promise.resolve({ outcome: answer }),
    });
    return !window.dispatchEvent(event);
  }, outcome);
}

describe('service worker and manifest', () => {
  it('registers /sw.js with scope /, served uncached as JavaScript', async () => {
    const { context, page } = await newPage();
    await visit(page, `${site.url}/`);
    const registration = await page.evaluate(() =>
      navigator.serviceWorker.ready.then((ready) => ({ scope: ready.scope, script: ready.active?.scriptURL })),
    );
    expect(registration).toEqual({ scope: `${site.url}/`, script: `${site.url}/sw.js` });

    const response = await page.request.get(`${site.url}/sw.js`);
    expect(response.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('has a manifest that parses, with reachable icons and screenshots of their stated sizes', async () => {
    const { context, page } = await newPage();
    await visit(page, `${site.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(new URL(href!, site.url).toString());
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Unsheet – AI tools that replace spreadsheets',
      short_name: 'Unsheet',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#f8fafc',
    });
    expect(manifest.description).toEqual(expect.any(String));
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const file = await page.request.get(new URL(image.src, site.url).toString());
      expect(file.status(), image.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body()), image.src).toBe(image.sizes);
    }
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

    await context.close();
  });

  it('is installable in Chromium (its own verdict, in a profile on disk: incognito never installs)', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'unsheet-profile-'));
    const context = await launchChromiumProfile(profile);
    try {
      const page = await context.newPage();
      await visit(page, `${site.url}/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it('shows pages seen before, the offline page for others (Try Again reloads), and says so for a write', async () => {
    const [app, other] = (await fetch(`${site.url}/api/apps`).then((r) => r.json())).items as {
      slug: string;
      name: string;
      category_slug: string;
      category: string;
    }[];
    const { context, page } = await newPage();
    const pages = [`${site.url}/`, `${site.url}/c/${app!.category_slug}`, `${site.url}/app/${app!.slug}`];
    for (const url of pages) {
      await visit(page, url);
      await waitUntilKept(page, url);
    }

    await context.setOffline(true);
    await visit(page, pages[0]!);
    await page.getByRole('heading', { level: 1, name: /Replace your spreadsheets/ }).waitFor();
    await page
      .locator('#popular')
      .getByRole('link', { name: new RegExp(app!.name) })
      .first()
      .waitFor();
    await page.locator('#all-apps').getByRole('link').first().waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);

    await visit(page, pages[1]!);
    await page.getByRole('heading', { level: 1, name: app!.category }).waitFor();
    await page
      .getByRole('link', { name: new RegExp(app!.name) })
      .first()
      .waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);

    await visit(page, pages[2]!);
    await page.getByRole('heading', { level: 1, name: app!.name }).waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-offline-app.png` });

    // A write while offline says so instead of failing silently.
    await page.locator('footer').getByLabel(/email/i).fill('offline@example.com');
    await page
      .locator('footer')
      .getByRole('button', { name: /subscribe/i })
      .click();
    await page.getByText('You are offline', { exact: true }).waitFor();
    await page.getByText("Please try again when you're back online.").waitFor();

    // Never opened: the offline page, at the address asked for.
    const unseen = `${site.url}/app/${other!.slug}`;
    await visit(page, unseen);
    await page.getByRole('heading', { level: 1, name: OFFLINE_HEADING }).waitFor();
    expect(page.url()).toBe(unseen);
    // react-router's ScrollRestoration gives every freshly loaded document the previous one's position.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-offline-fallback.png` });

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('heading', { level: 1, name: OFFLINE_HEADING }).waitFor();
    expect(loads).toBe(1);

    // Back online, Try Again gets the page itself.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 1, name: other!.name }).waitFor();
    expect(page.url()).toBe(unseen);
    await context.close();
  });
});

describe('install', () => {
  it("shows 'Install app' only after the browser's prompt, and accepting counts as installed", async () => {
    const { context, page } = await newPage();
    await visit(page, `${site.url}/`);
    const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
    expect(await install.count()).toBe(0);

    await offerInstallPrompt(page, 'accepted');
    await install.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-install-header-desktop.png`, clip: { x: 0, y: 0, ...DESKTOP, height: 120 } });
    await install.click();
    await install.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { promptShown?: number }).promptShown)).toBe(1);
    await context.close();
  });

  it("offers 'Install app' in the mobile menu", async () => {
    const { context, page } = await newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    await offerInstallPrompt(page, 'dismissed');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const entry = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install app' });
    await entry.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-install-mobile-menu.png` });
    await entry.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { promptShown?: number }).promptShown)).toBe(1);
    // Dismissed: the prompt is spent, so the entry goes until the browser offers another.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await context.close();
  });

  it("has no 'Install app' when running standalone", async () => {
    const { context, page } = await newPage();
    await context.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ ...matchMedia(query), matches: true, addEventListener() {} } as MediaQueryList)
          : matchMedia(query);
    });
    await visit(page, `${site.url}/`);
    await waitForPwaStart(page);
    // The page keeps the prompt, and renders what it keeps by the next frame.
    expect(await offerInstallPrompt(page, 'accepted')).toBe(true);
    await page.getByRole('button', { name: 'Join Explorers' }).waitFor();
    await idle(page);
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await context.close();
  });

  const IPHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('gives the iOS steps on an iPhone, which has no prompt, and nothing from the home screen', async () => {
    const { context, page } = await newPage({ viewport: PHONE, userAgent: IPHONE_UA });
    await visit(page, `${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Unsheet' });
    await dialog.waitFor();
    const sections = dialog.getByRole('region');
    expect(await sections.first().getAttribute('aria-label')).toBe('iPhone & iPad');
    expect(await sections.nth(0).getByRole('listitem').allTextContents()).toEqual([
      'Tap the Share button in Safari.',
      'Scroll down and tap Add to Home Screen.',
      'Tap Add.',
    ]);
    expect(await dialog.getByRole('region', { name: 'Android' }).getByRole('listitem').allTextContents()).toEqual([
      'Tap the menu (⋮) in your browser.',
      'Tap Add to Home Screen.',
      'Tap Add.',
    ]);
    expect(await dialog.getByRole('region', { name: 'Desktop' }).getByRole('listitem').first().textContent()).toBe(
      'Click the install icon in the address bar.',
    );
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-install-instructions-mobile.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-install-instructions-desktop.png` });
    await context.close();

    const home = await newPage({ viewport: PHONE, userAgent: IPHONE_UA });
    await home.context.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await visit(home.page, `${site.url}/`);
    await waitForPwaStart(home.page);
    await home.page.getByRole('button', { name: 'Open menu' }).click();
    await home.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).waitFor();
    expect(await home.page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await home.context.close();
  });
});

describe('update', () => {
  /**
   * Deploys "build B" into the served copy: the entry script marks the page with data-build="B", and
   * sw.js lists that file with a new revision, as a build that changed it would.
   */
  function deployBuildB(): void {
    const entry = /src="\/(assets\/index-[^"]+\.js)"/.exec(readFileSync(join(DIST_COPY, 'index.html'), 'utf8'))![1]!;
    writeBuilt(entry, `${readFileSync(join(DIST_COPY, entry), 'utf8')}\ndocument.documentElement.dataset.build = 'B';\n`);
    const sw = readFileSync(join(DIST_COPY, 'sw.js'), 'utf8');
    const listed = `{"revision":null,"url":"${entry}"}`;
    expect(sw).toContain(listed);
    writeBuilt('sw.js', sw.replace(listed, `{"revision":"build-b","url":"${entry}"}`));
  }

  /** Writes a file with its Brotli and gzip copies, as the build does (the server prefers those). */
  function writeBuilt(file: string, text: string): void {
    writeFileSync(join(DIST_COPY, file), text);
    writeFileSync(join(DIST_COPY, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(DIST_COPY, `${file}.gz`), gzipSync(text));
  }

  it("shows 'Nova versão disponível' for a new build; dismissing hides it; 'Atualizar agora' reloads once into build B", async () => {
    expect(readdirSync(DIST_COPY)).toContain('sw.js');
    const { context, page } = await newPage();
    // Marks each document once its own call to register the service worker has settled.
    await context.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args) =>
        register(...args).finally(() => ((window as unknown as { serviceWorkerRegistered?: boolean }).serviceWorkerRegistered = true));
    });
    const requests = followRequests(page);
    await visit(page, `${site.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const notice = page.getByRole('status').filter({ hasText: 'Nova versão disponível' });
    expect(await notice.count()).toBe(0);

    deployBuildB();
    await page.reload();
    await notice.waitFor();
    expect(await notice.getByText('Uma nova versão do Unsheet está pronta para ser instalada.').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBeUndefined();
    // Its entrance transition ends before the screenshot.
    await notice.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-update-notice-desktop.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}pwa-update-notice-mobile.png` });

    await notice.getByRole('button', { name: 'Agora não' }).click();
    await notice.waitFor({ state: 'detached' });

    // Still waiting on the next load, so offered again.
    await page.reload();
    await notice.waitFor();
    let loads = 0;
    page.on('load', () => loads++);
    await notice.getByRole('button', { name: 'Atualizar agora' }).click();
    await page.waitForSelector('html[data-build="B"]', { state: 'attached' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // Only build B's own installed-app code could reload the page again or offer an update again: it starts a
    // while after load (main.tsx). Once it has registered the service worker, and what that registration
    // found has been handled (a waiting version would load the notice), nothing more can come.
    await page.waitForFunction(
      () => (window as unknown as { serviceWorkerRegistered?: boolean }).serviceWorkerRegistered === true,
      undefined,
      {
        timeout: 30_000,
      },
    );
    await requests.quiet();
    expect(loads).toBe(1);
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});
