/** Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags this network needs. */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
