/** Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags this network needs. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { BROWSER_UA } from '../../backend/src/analytics/testing/tracker-events.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs] });
}

/**
 * Chromium as a person's browser, for what analytics counts: a person's Chrome user agent (on the command line,
 * not per context: a beacon sent as a document unloads goes out with the browser's own), and no sign of being
 * driven by automation (navigator.webdriver false), which headless Chromium driven by Playwright otherwise
 * shows, as crawlers' headless browsers do.
 */
export function launchAsPerson({ backForwardCache = false } = {}): Promise<Browser> {
  // Playwright turns the back/forward cache off, as a person's Chrome does not: back to a page kept in it
  // shows the page again without loading it (and without a load event to wait for).
  const ignoreDefaultArgs = backForwardCache ? ['--disable-back-forward-cache'] : [];
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...PERSON_ARGS], ignoreDefaultArgs });
}

const PERSON_ARGS = [`--user-agent=${BROWSER_UA}`, '--disable-blink-features=AutomationControlled'];

/**
 * A person's browser (launchAsPerson) that the test ends as a crash or a forced quit would: at once, without
 * any page running its page-hide handlers.
 */
export async function launchAsPersonToKill(): Promise<{ browser: Browser; kill: () => Promise<void> }> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...PERSON_ARGS] });
  const browser = await chromium.connect(server.wsEndpoint());
  return { browser, kill: () => server.kill() };
}

/** Chromium with a profile on disk: unlike a fresh context, which is incognito, it may install web apps. */
export function launchChromiumProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: ARGS });
}
